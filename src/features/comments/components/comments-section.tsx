import { Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MSG } from '@domain/messages';
import type { Comment } from '@domain/types';
import { LikeButton } from '@/components/creative/like-button';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadMore } from '@/components/ui/load-more';
import { toast } from '@/components/ui/toaster';
import { retryLaterMessage } from '@/lib/errors';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { loadedItems } from '@/lib/pages';
import { useSession } from '@/lib/session';
import { useDeleteComment } from '../api/delete-comment';
import { useComments } from '../api/get-comments';
import { useToggleCommentLike } from '../api/toggle-comment-like';

const CommentForm = lazy(() => import('./comment-form'));

function CommentItem({ comment, creativeId, canDelete }: { comment: Comment; creativeId: string; canDelete: boolean }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const like = useToggleCommentLike(creativeId);
  const remove = useDeleteComment(creativeId);
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-baseline justify-between gap-2">
        <p className="text-sm font-semibold text-slate-900">
          {comment.userFirstName} {comment.userLastName}
        </p>
        <time dateTime={comment.createdAt} className="text-xs text-slate-500">
          {formatDateTime(comment.createdAt)}
        </time>
      </div>
      <p className="whitespace-pre-line text-sm text-slate-700">{comment.text}</p>
      <div className="flex items-center gap-2">
        <LikeButton
          size="sm"
          liked={comment.likedByMe}
          count={comment.likes}
          onToggle={() => (user ? like.mutate({ comment, like: !comment.likedByMe }) : navigate(paths.login))}
        />
        {canDelete ? (
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto text-red-600 hover:bg-red-50 hover:text-red-700"
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden />
            Supprimer
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Supprimer ce commentaire ?"
        description="Le commentaire sera définitivement supprimé."
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(comment.id, {
            onSuccess: () => setConfirming(false),
            onError: (error) => toast.error(retryLaterMessage(error) ?? MSG.creativeDeleteError),
          })
        }
      />
    </li>
  );
}

/**
 * Comments of a creative: count, add box for signed-in users, likes, delete for admins; newest
 * first, a page at a time ('Charger plus'). `count` is the creative's comment count (every page's).
 */
export function CommentsSection({ creativeId, count: total }: { creativeId: string; count?: number }) {
  const { user, can } = useSession();
  const comments = useComments(creativeId);
  const items = loadedItems(comments.data);
  const count = total ?? items.length;
  return (
    <section aria-labelledby="comments-title" className="flex flex-col gap-4">
      <h2 id="comments-title" className="text-xl font-bold text-slate-900">
        Commentaires ({count})
      </h2>
      {user ? (
        <Suspense fallback={<div className="min-h-[9.5rem]" aria-hidden />}>
          <CommentForm creativeId={creativeId} />
        </Suspense>
      ) : (
        <p className="text-sm text-slate-600">
          <Link to={paths.login} className="font-medium text-brand-700 hover:underline">
            Connectez-vous
          </Link>{' '}
          pour commenter cette créa.
        </p>
      )}
      {comments.isPending ? null : comments.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Impossible de charger les commentaires.
        </p>
      ) : items.length === 0 && !comments.hasNextPage ? (
        <p className="text-sm text-slate-500">Aucun commentaire pour le moment.</p>
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {items.map((comment) => (
              <CommentItem key={comment.id} comment={comment} creativeId={creativeId} canDelete={can('comment:delete')} />
            ))}
          </ul>
          <LoadMore
            hasNextPage={comments.hasNextPage}
            isFetchingNextPage={comments.isFetchingNextPage}
            onLoadMore={() => void comments.fetchNextPage()}
          />
        </>
      )}
    </section>
  );
}
