import { useId, useState } from 'react';
import type * as React from 'react';
import { chosenIn, EMPTY_FILTERS, FILTER_GROUP_LISTS, isMediaGroup, type FilterGroup, type GalleryFilters } from '@domain/gallery-filters';
import { MEDIA_FILTER_KEYS } from '@domain/media-shape';
import { MEDIA_FILTER_LABELS, mediaValueLabel } from '@domain/media-shape-labels';
import type { FacetCounts } from '@domain/types';
import { CATEGORY_KEYS, CATEGORY_LABELS } from '@domain/vocabulary';
import { BADGE_LABELS } from '@/components/creative/badges';
import { Button } from '@/components/ui/button';
import { ToggleChip } from '@/components/ui/chip';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { useFacets } from '../api/get-facets';
import { toGalleryQuery } from '../url-state';

function toggle(current: string[], value: string): string[] {
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

/** The draft with `value` of `group` toggled. */
function toggled(draft: GalleryFilters, group: FilterGroup, value: string): GalleryFilters {
  const values = toggle(chosenIn(draft, group), value);
  return isMediaGroup(group)
    ? { ...draft, media: { ...draft.media, [group]: values } }
    : { ...draft, categories: { ...draft.categories, [group]: values } };
}

/** A value's count in a group, once the counts have come. */
function countOf(counts: FacetCounts | undefined, group: FilterGroup, value: string): number | undefined {
  return (isMediaGroup(group) ? counts?.media[group] : counts?.categories[group])?.[value];
}

/** One group of values as toggle chips under its legend, each with its count. */
function ValueGroup({
  group,
  legend,
  label = (value) => value,
  draft,
  counts,
  onToggle,
}: {
  group: FilterGroup;
  legend: string;
  label?: (value: string) => string;
  draft: GalleryFilters;
  counts: FacetCounts | undefined;
  onToggle: (group: FilterGroup, value: string) => void;
}) {
  const chosen = chosenIn(draft, group);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-slate-900">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {FILTER_GROUP_LISTS[group].map((value) => (
          <CountedChip
            key={value}
            count={countOf(counts, group, value)}
            selected={chosen.includes(value)}
            onClick={() => onToggle(group, value)}
          >
            {label(value)}
          </CountedChip>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Filter dialog (spec §2): one chip group per category, the media's proportions and a video's length
 * (domain/media-shape.ts), and the two 'Oui' flags. Loaded on first open.
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
  const onToggle = (group: FilterGroup, value: string) => setDraft((d) => toggled(d, group, value));

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>Filtres</DialogTitle>
        <DialogDescription>
          Dans un groupe, une créa doit avoir au moins une des valeurs choisies ; entre les groupes, toutes.
        </DialogDescription>
        <div className="flex flex-col gap-5">
          {CATEGORY_KEYS.map((key) => (
            <ValueGroup key={key} group={key} legend={CATEGORY_LABELS[key]} draft={draft} counts={counts} onToggle={onToggle} />
          ))}
          {MEDIA_FILTER_KEYS.map((key) => (
            <ValueGroup
              key={key}
              group={key}
              legend={MEDIA_FILTER_LABELS[key]}
              label={(value) => mediaValueLabel(key, value)}
              draft={draft}
              counts={counts}
              onToggle={onToggle}
            />
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
