import { Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { MSG } from '@domain/messages';
import type { Creative } from '@domain/types';
import { ApproveButton, DeleteCreativeDialog } from '@/components/creative/moderation';
import { Button } from '@/components/ui/button';
import { useApproveInReviewList } from '../api/approve-creative';
import { useDeleteInReviewList } from '../api/delete-creative';
import { RejectDialog } from './reject-dialog';

/** Approuver (both tabs), Rejeter (pending only) and delete with confirmation. */
export function ReviewActions({ creative }: { creative: Creative }) {
  const approve = useApproveInReviewList();
  const remove = useDeleteInReviewList();
  const [rejecting, setRejecting] = useState(false);
  const [deleting, setDeleting] = useState(false);

  return (
    <>
      <ApproveButton size="sm" creativeId={creative.id} approve={approve} />
      {creative.status === 'pending' ? (
        <Button size="sm" variant="outline" onClick={() => setRejecting(true)}>
          <X aria-hidden />
          Rejeter
        </Button>
      ) : null}
      <Button
        size="sm"
        variant="ghost"
        className="ml-auto px-2 text-red-600 hover:bg-red-50 hover:text-red-700"
        aria-label={`Supprimer « ${creative.name} »`}
        title="Supprimer"
        onClick={() => setDeleting(true)}
      >
        <Trash2 aria-hidden />
      </Button>
      <RejectDialog creative={creative} open={rejecting} onOpenChange={setRejecting} />
      <DeleteCreativeDialog
        creativeId={creative.id}
        open={deleting}
        onOpenChange={setDeleting}
        description={`« ${creative.name} » et ses commentaires seront définitivement supprimés.`}
        remove={remove}
        errorMessage={MSG.deleteError}
      />
    </>
  );
}
