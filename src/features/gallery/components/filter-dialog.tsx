import { useId, useState } from 'react';
import type * as React from 'react';
import { EMPTY_FILTERS, type GalleryFilters } from '@domain/gallery-filters';
import { CATEGORY_KEYS, CATEGORY_LABELS, CATEGORY_LISTS, type CategoryKey } from '@domain/vocabulary';
import { BADGE_LABELS } from '@/components/creative/badges';
import { Button } from '@/components/ui/button';
import { ToggleChip } from '@/components/ui/chip';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { useFacets } from '../api/get-facets';
import { toGalleryQuery } from '../url-state';

function toggle(list: string[] | undefined, value: string): string[] {
  const current = list ?? [];
  return current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
}

/** A chip's count, read by screen readers as its description (its name stays the value, as in the spec). */
function CountedChip({
  count,
  selected,
  children,
  ...props
}: { count: number | undefined; selected: boolean; children: string } & Omit<React.ComponentProps<'button'>, 'children'>) {
  const countId = useId();
  return (
    <ToggleChip
      selected={selected}
      // A value no creative would show is dimmed, not disabled: the spec's dialog lets any combination be
      // chosen (and « Aucune créative ne correspond » is an answer too).
      data-empty={count === 0 && !selected ? '' : undefined}
      aria-describedby={count === undefined ? undefined : countId}
      className="data-[empty]:border-dashed data-[empty]:text-slate-500"
      {...props}
    >
      {children}
      {count === undefined ? null : (
        <>
          <span aria-hidden className={cn('ml-1.5 text-xs tabular-nums', selected ? 'text-white/80' : 'text-slate-500')}>
            {count.toLocaleString('fr-FR')}
          </span>
          <span id={countId} hidden>
            {count > 1 ? `${count} créas` : `${count} créa`}
          </span>
        </>
      )}
    </ToggleChip>
  );
}

/**
 * Filter dialog (spec §2): one chip group per category and the two 'Oui' flags. Loaded on first open.
 * Beside each value, how many approved creatives it would show with the search and the other groups'
 * choices (issue 17), updated as the user toggles, on a backend that counts.
 */
export default function FilterDialog({
  initial,
  q,
  onApply,
  onClose,
}: {
  initial: GalleryFilters;
  q: string;
  onApply: (filters: GalleryFilters) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<GalleryFilters>(initial);
  const counts = useFacets(toGalleryQuery({ sort: 'recent', q, filters: draft })).data;
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
                  <CountedChip
                    key={value}
                    count={counts?.categories[key][value]}
                    selected={draft.categories[key]?.includes(value) ?? false}
                    onClick={() => setCategory(key, value)}
                  >
                    {value}
                  </CountedChip>
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
                <CountedChip
                  count={counts?.[flag === 'isJuntoAngel' ? 'junto' : 'tested']}
                  selected={draft[flag]}
                  aria-label={`${label} : Oui`}
                  onClick={() => setDraft((d) => ({ ...d, [flag]: !d[flag] }))}
                >
                  Oui
                </CountedChip>
              </div>
            </fieldset>
          ))}
        </div>
        <DialogFooter>
          {counts ? (
            <p className="mr-auto self-center text-sm text-slate-600" aria-live="polite">
              {counts.total > 1 ? `${counts.total.toLocaleString('fr-FR')} créas correspondent` : `${counts.total} créa correspond`}
            </p>
          ) : null}
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
