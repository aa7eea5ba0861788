import { useId, useState } from 'react';
import { MSG } from '../../../../domain/messages';
import { featureInput } from '../../../../domain/schemas/creative';
import type { Creative } from '../../../../domain/types';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toaster';
import { useFeatureCreative } from '../api/feature-creative';
import { StarRating } from './star-rating';

type Errors = Partial<Record<'analyzedBy' | 'rating', string>>;

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
  const [analyzedBy, setAnalyzedBy] = useState(creative.analyzedBy ?? defaultAnalyst);
  const [rating, setRating] = useState<number | null>(creative.rating);
  const [errors, setErrors] = useState<Errors>({});

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = featureInput.safeParse({ analyzedBy, rating: rating ?? undefined });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'analyzedBy' || key === 'rating') && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    feature.mutate(
      { id: creative.id, input: parsed.data },
      {
        onSuccess: () => {
          toast.success(MSG.featureSuccess);
          onOpenChange(false);
        },
        onError: () => toast.error(MSG.featureError),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Mettre en avant</DialogTitle>
        <DialogDescription>
          « {creative.name} » deviendra l'analyse créa de la semaine sur l'accueil, à la place de la créative actuellement mise en avant.
        </DialogDescription>
        <form onSubmit={submit} noValidate className="flex flex-col gap-5">
          <Field label="Prénom de l'analyste" error={errors.analyzedBy}>
            {(a11y) => (
              <Input
                {...a11y}
                value={analyzedBy}
                onChange={(e) => {
                  setAnalyzedBy(e.target.value);
                  setErrors((prev) => ({ ...prev, analyzedBy: undefined }));
                }}
                autoComplete="given-name"
                required
              />
            )}
          </Field>
          <div className="flex flex-col gap-1.5">
            <span id={ratingLabelId} className="text-sm font-medium text-slate-800">
              Note
            </span>
            <StarRating
              value={rating}
              onChange={(value) => {
                setRating(value);
                setErrors((prev) => ({ ...prev, rating: undefined }));
              }}
              invalid={Boolean(errors.rating)}
              aria-labelledby={ratingLabelId}
              aria-describedby={errors.rating ? ratingErrorId : undefined}
            />
            {errors.rating ? (
              <p id={ratingErrorId} role="alert" className="text-sm text-red-600">
                {errors.rating}
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
