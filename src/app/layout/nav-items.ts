import { Heart, type LucideIcon, UserRound } from 'lucide-react';
import type { Action } from '../../../domain/permissions';
import { paths } from '../../config/paths';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Shown to signed-in users allowed to do this (domain/permissions.ts). */
  action: Action;
}

/** Entries of the top bar for signed-in users, in display order; each appears once its page exists. */
export const NAV_ITEMS: NavItem[] = [
  { to: paths.favorites, label: 'Favoris', icon: Heart, action: 'favorites:read' },
  { to: paths.account, label: 'Mon compte', icon: UserRound, action: 'account:manage' },
];
