import { ChartColumn, ClipboardCheck, Folder, FolderClock, Heart, type LucideIcon, Plus, UserRound, Users } from 'lucide-react';
import type { Action } from '@domain/permissions';
import { paths } from '@/config/paths';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Shown to signed-in users allowed to do this (domain/permissions.ts). */
  action: Action;
  /** The validation entry shows the live number of pending creatives. */
  showsPendingCount?: boolean;
}

/** Entries of the top bar for signed-in users, in display order; each appears once its page exists. */
export const NAV_ITEMS: NavItem[] = [
  { to: paths.favorites, label: 'Favoris', icon: Heart, action: 'favorites:read' },
  { to: paths.folders, label: 'Dossiers', icon: Folder, action: 'folder:manage' },
  { to: paths.agencyCreatives, label: 'Mes créas', icon: FolderClock, action: 'creative:own-submissions' },
  { to: paths.submit, label: 'Ajouter une créa', icon: Plus, action: 'creative:submit' },
  { to: paths.adminCreatives, label: 'Validation', icon: ClipboardCheck, action: 'creative:review', showsPendingCount: true },
  { to: paths.adminAnalytics, label: 'Analytics', icon: ChartColumn, action: 'analytics:read' },
  { to: paths.adminUsers, label: 'Utilisateurs', icon: Users, action: 'user:manage' },
  { to: paths.account, label: 'Mon compte', icon: UserRound, action: 'account:manage' },
];
