import { useParams } from 'react-router';
import { CommentsSection } from '../../features/comments/components/comments-section';
import { CreativeDetailPage } from '../../features/creative/components/creative-detail-page';

/** /creatives/{id}: the detail page composed with its comments. */
export function CreativeRoute() {
  const { id = '' } = useParams();
  return <CreativeDetailPage key={id} id={id} renderComments={(creative) => <CommentsSection creativeId={creative.id} />} />;
}
