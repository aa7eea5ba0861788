import { Pencil, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MSG } from '@domain/messages';
import type { Creative } from '@domain/types';
import { ApproveButton, DeleteCreativeDialog } from '@/components/creative/moderation';
import { Button, buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useApproveOnDetailPage } from '../api/approve-creative';
import { useDeleteOnDetailPage } from '../api/delete-creative';
import { FeatureDialog } from './feature-dialog';

/** Detail-page buttons for specialists and admins: approve, edit, feature and delete. */
export function StaffActions({ creative }: { creative: Creative }) {
  const { user, can } = useSession();
  const navigate = useNavigate();
  const approve = useApproveOnDetailPage();
  const remove = useDeleteOnDetailPage();
  const [featuring, setFeaturing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  return (
    <>
      {can('creative:review') && creative.status !== 'approved' ? <ApproveButton creativeId={creative.id} approve={approve} /> : null}
      {can('creative:update') ? (
        <Link to={paths.creativeEdit(creative.id)} className={buttonVariants({ variant: 'outline' })}>
          <Pencil aria-hidden />
          Modifier
        </Link>
      ) : null}
      {can('creative:feature') && creative.status === 'approved' ? (
        <Button variant="outline" onClick={() => setFeaturing(true)}>
          <Star aria-hidden className={creative.isFeatured ? 'fill-amber-400 text-amber-500' : undefined} />
          Mettre en avant
        </Button>
      ) : null}
      {can('creative:delete') ? (
        <Button variant="ghost" className="text-red-600 hover:bg-red-50 hover:text-red-700" onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden />
          Supprimer
        </Button>
      ) : null}
      {featuring ? <FeatureDialog creative={creative} defaultAnalyst={user?.firstName} open onOpenChange={setFeaturing} /> : null}
      <DeleteCreativeDialog
        creativeId={creative.id}
        open={deleting}
        onOpenChange={setDeleting}
        description="La créative et tous ses commentaires seront définitivement supprimés."
        remove={remove}
        errorMessage={MSG.creativeDeleteError}
        onDeleted={() => navigate(paths.home)}
      />
    </>
  );
}
