import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { MSG } from '@domain/messages';
import { featureInput, type FeatureInput } from '@domain/schemas/creative';
import type { Creative } from '@domain/types';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { toast } from '@/components/ui/toaster';
import { retryLaterMessage } from '@/lib/errors';
import { useFeatureCreative } from '../api/feature-creative';
import { StarRating } from './star-rating';

/** 'Mettre en avant': the analyst's first name and a 1–5 star rating (spec §5 Feature dialog). */
export function FeatureDialog({
  creative,
  defaultAnalyst = '',
  open,
  onOpenChange,
}: {
  creative: Pick<Creative, 'id' | 'name' | 'analyzedBy' | 'rating'>;
  defaultAnalyst?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const ratingLabelId = useId();
  const ratingErrorId = useId();
  const feature = useFeatureCreative();
  // No star yet: the rating is left out and the schema answers MSG.ratingRequired. The focus stays on the button.
  const form = useForm<FeatureInput>({
    resolver: zodResolver(featureInput),
    defaultValues: { analyzedBy: creative.analyzedBy ?? defaultAnalyst, rating: creative.rating ?? undefined },
    shouldFocusError: false,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((input) => {
    feature.mutate(
      { id: creative.id, input },
      {
        onSuccess: () => {
          toast.success(MSG.featureSuccess);
          onOpenChange(false);
        },
        onError: (error) => toast.error(retryLaterMessage(error) ?? MSG.featureError),
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Mettre en avant</DialogTitle>
        <DialogDescription>
          « {creative.name} » deviendra l'analyse créa de la semaine sur l'accueil, à la place de la créative actuellement mise en avant.
        </DialogDescription>
        <form onSubmit={submit} noValidate className="flex flex-col gap-5">
          <Field label="Prénom de l'analyste" error={errors.analyzedBy?.message}>
            {(a11y) => <Input {...a11y} {...form.register('analyzedBy')} autoComplete="given-name" required />}
          </Field>
          <div className="flex flex-col gap-1.5">
            <span id={ratingLabelId} className="text-sm font-medium text-slate-800">
              Note
            </span>
            <Controller
              control={form.control}
              name="rating"
              render={({ field, fieldState }) => (
                <StarRating
                  value={field.value ?? null}
                  onChange={field.onChange}
                  invalid={fieldState.invalid}
                  aria-labelledby={ratingLabelId}
                  aria-describedby={fieldState.error ? ratingErrorId : undefined}
                />
              )}
            />
            {errors.rating ? (
              <p id={ratingErrorId} role="alert" className="text-sm text-red-600">
                {errors.rating.message}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Annuler</Button>
            </DialogClose>
            <Button type="submit" disabled={feature.isPending}>
              {feature.isPending ? 'Mise en avant…' : 'Mettre en avant'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
