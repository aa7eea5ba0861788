import { useParams } from 'react-router';
import { CommentsSection } from '@/features/comments/components/comments-section';
import { CreativeDetailPage } from '@/features/creative/components/creative-detail-page';
import { StaffActions } from '@/features/creative/components/staff-actions';
import { AddToFolderMenu } from '@/features/folders/components/add-to-folder-menu';
import { useSession } from '@/lib/session';

/** /creatives/{id}: the detail page composed with its comments, add to folder and, for staff, approve / edit / feature / delete. */
export function CreativeRoute() {
  const { id = '' } = useParams();
  const { can } = useSession();
  return (
    <CreativeDetailPage
      key={id}
      id={id}
      renderActions={(creative) => (
        <>
          {/* Only approved creatives can be filed (the server refuses the others). */}
          {can('folder:manage') && creative.status === 'approved' ? <AddToFolderMenu creativeId={creative.id} variant="button" /> : null}
          <StaffActions creative={creative} />
        </>
      )}
      renderComments={(creative) => <CommentsSection creativeId={creative.id} count={creative.commentCount} />}
    />
  );
}
