import { can } from './permissions';
import type { Role } from './roles';

interface Viewer {
  id: string;
  role: Role;
}

/**
 * Who may open a creative: approved ones are public; pending and rejected ones only staff
 * (validation) and the agency that submitted them. Others get 'Créative non trouvée'.
 */
export function canViewCreative(creative: { status: string; submittedBy: string | null }, viewer: Viewer | null): boolean {
  if (creative.status === 'approved') return true;
  if (!viewer) return false;
  if (can(viewer.role, 'creative:review')) return true;
  return can(viewer.role, 'creative:own-submissions') && creative.submittedBy === viewer.id;
}
