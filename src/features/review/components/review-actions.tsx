import { Check, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { MSG } from '../../../../domain/messages';
import type { Creative } from '../../../../domain/types';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toaster';
import { messageOf } from '../../../lib/errors';
import { useApproveCreative } from '../api/approve-creative';
import { useDeleteCreative } from '../api/delete-creative';
import { RejectDialog } from './reject-dialog';

/** Approuver (both tabs), Rejeter (pending only) and delete with confirmation. */
export function ReviewActions({ creative }: { creative: Creative }) {
  const approve = useApproveCreative();
  const remove = useDeleteCreative();
  const [rejecting, setRejecting] = useState(false);
  const [deleting, setDeleting] = useState(false);

  return (
    <>
      <Button
        size="sm"
        disabled={approve.isPending}
        onClick={() =>
          approve.mutate(creative.id, {
            onSuccess: () => toast.success('Créative approuvée'),
            onError: (error) => toast.error(messageOf(error, MSG.internal)),
          })
        }
      >
        <Check aria-hidden />
        Approuver
      </Button>
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
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={MSG.deleteCreativeConfirm}
        description={`« ${creative.name} » et ses commentaires seront définitivement supprimés.`}
        confirmLabel="Supprimer"
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(creative.id, {
            onSuccess: () => {
              setDeleting(false);
              toast.success(MSG.creativeDeleted);
            },
            onError: () => {
              setDeleting(false);
              toast.error(MSG.deleteError);
            },
          })
        }
      />
    </>
  );
}
