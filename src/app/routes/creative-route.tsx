import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { CommentsSection } from '@/features/comments/components/comments-section';
import { CreativeDetailPage } from '@/features/creative/components/creative-detail-page';
import { useSession } from '@/lib/session';

// Their forms (zod, dialogs) load for signed-in viewers only, never on a visitor's page; StaffActions
// shows each action to the roles allowed it.
const StaffActions = lazy(async () => ({ default: (await import('@/features/creative/components/staff-actions')).StaffActions }));
const AddToFolderMenu = lazy(async () => ({ default: (await import('@/features/folders/components/add-to-folder-menu')).AddToFolderMenu }));

/** /creatives/{id}: the detail page composed with its comments, add to folder and, for staff, approve / edit / feature / delete. */
export function CreativeRoute() {
  const { id = '' } = useParams();
  const { user, can } = useSession();
  return (
    <CreativeDetailPage
      key={id}
      id={id}
      renderActions={(creative) => (
        <Suspense fallback={null}>
          {/* Only approved creatives can be filed (the server refuses the others). */}
          {can('folder:manage') && creative.status === 'approved' ? <AddToFolderMenu creativeId={creative.id} variant="button" /> : null}
          {user ? <StaffActions creative={creative} /> : null}
        </Suspense>
      )}
      renderComments={(creative) => <CommentsSection creativeId={creative.id} count={creative.commentCount} />}
    />
  );
}
