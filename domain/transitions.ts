import { can } from './permissions';
import type { Role } from './roles';
import type { CreativeStatus } from './vocabulary';

/** Spec §4: staff submissions are approved at once, anyone else's wait for validation. */
export function statusOnSubmit(role: Role): CreativeStatus {
  return can(role, 'creative:auto-approve') ? 'approved' : 'pending';
}

export type ReviewAction = 'approve' | 'reject';

/** pending → approved, pending → rejected (with a reason), rejected → approved. */
const ALLOWED: Record<ReviewAction, CreativeStatus[]> = {
  approve: ['pending', 'rejected'],
  reject: ['pending'],
};

export function canTransition(from: CreativeStatus, action: ReviewAction): boolean {
  return ALLOWED[action].includes(from);
}

export function statusAfter(action: ReviewAction): CreativeStatus {
  return action === 'approve' ? 'approved' : 'rejected';
}
