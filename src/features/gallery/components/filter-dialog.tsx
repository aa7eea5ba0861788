import { useState } from 'react';
import { EMPTY_FILTERS, type GalleryFilters } from '@domain/gallery-filters';
import { CATEGORY_KEYS, CATEGORY_LABELS, CATEGORY_LISTS, type CategoryKey } from '@domain/vocabulary';
import { BADGE_LABELS } from '@/components/creative/badges';
import { Button } from '@/components/ui/button';
import { ToggleChip } from '@/components/ui/chip';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';

function toggle(list: string[] | undefined, value: string): string[] {
  const current = list ?? [];
  return current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
}

/** Filter dialog (spec §2): one chip group per category and the two 'Oui' flags. Loaded on first open. */
export default function FilterDialog({
  initial,
  onApply,
  onClose,
}: {
  initial: GalleryFilters;
  onApply: (filters: GalleryFilters) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<GalleryFilters>(initial);
  const setCategory = (key: CategoryKey, value: string) =>
    setDraft((d) => ({ ...d, categories: { ...d.categories, [key]: toggle(d.categories[key], value) } }));

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>Filtres</DialogTitle>
        <DialogDescription>
          Dans un groupe, une créa doit avoir au moins une des valeurs choisies ; entre les groupes, toutes.
        </DialogDescription>
        <div className="flex flex-col gap-5">
          {CATEGORY_KEYS.map((key) => (
            <fieldset key={key} className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-semibold text-slate-900">{CATEGORY_LABELS[key]}</legend>
              <div className="flex flex-wrap gap-2">
                {CATEGORY_LISTS[key].map((value) => (
                  <ToggleChip
                    key={value}
                    selected={draft.categories[key]?.includes(value) ?? false}
                    onClick={() => setCategory(key, value)}
                  >
                    {value}
                  </ToggleChip>
                ))}
              </div>
            </fieldset>
          ))}
          {(
            [
              ['isJuntoAngel', BADGE_LABELS.junto],
              ['testedAndApproved', BADGE_LABELS.tested],
            ] as const
          ).map(([flag, label]) => (
            <fieldset key={flag} className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-semibold text-slate-900">{label}</legend>
              <div>
                <ToggleChip
                  selected={draft[flag]}
                  aria-label={`${label} : Oui`}
                  onClick={() => setDraft((d) => ({ ...d, [flag]: !d[flag] }))}
                >
                  Oui
                </ToggleChip>
              </div>
            </fieldset>
          ))}
        </div>
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => {
              setDraft(EMPTY_FILTERS);
              onApply(EMPTY_FILTERS);
            }}
          >
            Réinitialiser
          </Button>
          <Button
            onClick={() => {
              onApply(draft);
              onClose();
            }}
          >
            Appliquer
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
