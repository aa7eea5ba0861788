import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { REJECTION_REASON_MAX } from '@domain/limits';
import { MSG } from '@domain/messages';
import { rejectionInput } from '@domain/schemas/creative';
import type { Creative } from '@domain/types';
import { Button } from '@/components/ui/button';
import { CharCounter } from '@/components/ui/char-counter';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { Field, FormAlert, Textarea } from '@/components/ui/field';
import { toast } from '@/components/ui/toaster';
import { messageOf } from '@/lib/errors';
import { useRejectCreative } from '../api/reject-creative';

type RejectionValues = z.input<typeof rejectionInput>;

/** 'Motif du refus': a reason of 1 to REJECTION_REASON_MAX characters (after trimming); confirm stays disabled while it is blank. */
export function RejectDialog({
  creative,
  open,
  onOpenChange,
}: {
  creative: Pick<Creative, 'id' | 'name'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const counterId = useId();
  const reject = useRejectCreative();
  // The focus stays where it is on a refusal: the message is under the only field, next to the button.
  const form = useForm<RejectionValues>({ resolver: zodResolver(rejectionInput), defaultValues: { reason: '' }, shouldFocusError: false });
  const reason = useWatch({ control: form.control, name: 'reason' }) ?? '';
  const error = form.formState.errors.reason?.message;
  const [failure, setFailure] = useState<string | null>(null);
  const blank = reason.trim() === '';

  const close = (next: boolean) => {
    if (!next) {
      form.reset();
      setFailure(null);
    }
    onOpenChange(next);
  };

  const submit = form.handleSubmit((input) => {
    setFailure(null);
    reject.mutate(
      { id: creative.id, reason: input.reason },
      {
        onSuccess: () => {
          toast.success(MSG.creativeRejected);
          close(false);
        },
        onError: (err) => setFailure(messageOf(err, MSG.internal)),
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogTitle>Motif du refus</DialogTitle>
        <DialogDescription>
          Expliquez pourquoi « {creative.name} » est refusée. L'auteur verra ce motif dans « Mes créas ».
        </DialogDescription>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <Field label="Motif" error={error} hint={<CharCounter id={counterId} length={reason.length} max={REJECTION_REASON_MAX} />}>
            {(a11y) => (
              <Textarea
                {...a11y}
                {...form.register('reason')}
                maxLength={REJECTION_REASON_MAX}
                rows={3}
                required
                placeholder="Ex. : visuel flou, annonceur manquant…"
              />
            )}
          </Field>
          <FormAlert>{failure}</FormAlert>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Annuler</Button>
            </DialogClose>
            <Button type="submit" variant="danger" disabled={blank || reject.isPending}>
              {reject.isPending ? 'Refus…' : 'Rejeter'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
