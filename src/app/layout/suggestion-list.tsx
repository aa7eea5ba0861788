import { Building2, Image, Tag } from 'lucide-react';
import type { Suggestion, SuggestionKind } from '@domain/types';
import { CATEGORY_LABELS } from '@domain/vocabulary';
import { cn } from '@/lib/cn';

const GROUPS: { kind: SuggestionKind; heading: string; Icon: typeof Tag }[] = [
  { kind: 'advertiser', heading: 'Annonceurs', Icon: Building2 },
  { kind: 'tag', heading: 'Tags', Icon: Tag },
  { kind: 'creative', heading: 'Créatives', Icon: Image },
];

export interface SuggestionListProps {
  id: string;
  suggestions: Suggestion[];
  /** Index in `suggestions` of the option ↑/↓ made active, -1 for none. */
  activeIndex: number;
  optionId: (index: number) => string;
  onPick: (suggestion: Suggestion) => void;
}

/**
 * The listbox under the search box: options grouped under small headings, in the order of
 * `suggestions` (advertisers, tags, creatives). A press keeps the focus in the input (mousedown is
 * not let through), so the input's keyboard handling goes on and the list does not close first.
 */
export function SuggestionList({ id, suggestions, activeIndex, optionId, onPick }: SuggestionListProps) {
  return (
    <div
      id={id}
      role="listbox"
      aria-label="Suggestions"
      className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
    >
      {GROUPS.map(({ kind, heading, Icon }) => {
        const items = suggestions.map((s, index) => ({ s, index })).filter(({ s }) => s.kind === kind);
        if (items.length === 0) return null;
        const headingId = `${id}-${kind}`;
        return (
          <div key={kind} role="group" aria-labelledby={headingId}>
            <div id={headingId} className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
              {heading}
            </div>
            {items.map(({ s, index }) => (
              // The keyboard stays in the input, which points at the active option (aria-activedescendant).
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <div
                key={`${s.kind}:${s.category ?? ''}:${s.id ?? s.label}`}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === activeIndex}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => onPick(s)}
                className={cn(
                  'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-slate-800',
                  index === activeIndex ? 'bg-brand-50 text-brand-900' : 'hover:bg-slate-50',
                )}
              >
                <Icon className="size-4 shrink-0 text-slate-400" aria-hidden />
                <span className="truncate">{s.label}</span>
                {s.kind === 'tag' && s.category ? (
                  <span className="ml-auto shrink-0 text-xs text-slate-500">{CATEGORY_LABELS[s.category]}</span>
                ) : null}
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}
