import { Check } from 'lucide-react';
import { MSG } from '@domain/messages';
import { messageOf, retryLaterMessage } from '@/lib/errors';
import { Button, type ButtonProps } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { toast } from '../ui/toaster';

/**
 * A mutation on one creative, by id. Each feature passes its own hook (the detail page and the
 * validation page update different caches); the buttons and messages below are the same for both.
 */
export interface CreativeMutation {
  mutate: (id: string, callbacks: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
}

/** 'Approuver': approves the creative, then says so in a toast (or why it failed). */
export function ApproveButton({
  creativeId,
  approve,
  size,
}: {
  creativeId: string;
  approve: CreativeMutation;
  size?: ButtonProps['size'];
}) {
  return (
    <Button
      size={size}
      disabled={approve.isPending}
      onClick={() =>
        approve.mutate(creativeId, {
          onSuccess: () => toast.success(MSG.creativeApproved),
          onError: (error) => toast.error(messageOf(error, MSG.internal)),
        })
      }
    >
      <Check aria-hidden />
      Approuver
    </Button>
  );
}

/**
 * The delete confirmation: 'Supprimer' deletes the creative, closes the dialog and toasts the
 * outcome; `onDeleted` runs after a success (e.g. leave the deleted creative's page).
 */
export function DeleteCreativeDialog({
  creativeId,
  open,
  onOpenChange,
  description,
  remove,
  errorMessage,
  onDeleted,
}: {
  creativeId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  description: string;
  remove: CreativeMutation;
  /** Toasted when the deletion fails. */
  errorMessage: string;
  onDeleted?: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={MSG.deleteCreativeConfirm}
      description={description}
      confirmLabel="Supprimer"
      destructive
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(creativeId, {
          onSuccess: () => {
            onOpenChange(false);
            toast.success(MSG.creativeDeleted);
            onDeleted?.();
          },
          onError: (error) => {
            onOpenChange(false);
            toast.error(retryLaterMessage(error) ?? errorMessage);
          },
        })
      }
    />
  );
}
