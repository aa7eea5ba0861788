import type { User } from '@domain/types';

/** 'First Last', or the e-mail when both are empty. */
export function fullName(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}
