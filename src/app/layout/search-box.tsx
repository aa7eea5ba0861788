import { Search, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Suggestion } from '@domain/types';
import { paths } from '@/config/paths';
import { continues, useSuggestions } from '@/features/gallery/api/get-suggestions';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { suggestionTarget } from './suggestion-target';

// Shown once the visitor types: loaded when the field gets the focus, out of the first page's script.
const loadSuggestionList = () => import('./suggestion-list');
const SuggestionList = lazy(async () => ({ default: (await loadSuggestionList()).SuggestionList }));

/** Pages whose lists the top-bar search filters through ?q. */
export const SEARCH_PAGES: string[] = [paths.home, paths.favorites, paths.folders];

const DEBOUNCE_MS = 300;
const SUGGEST_DEBOUNCE_MS = 150;

/**
 * Search by name or advertiser; the term lives in ?q so it survives reloads and can be shared. While
 * typing, suggestions (advertisers, tags, creatives) open under it: ↓/↑ move the active one, Enter picks
 * it (with none active, Enter searches the typed text), Esc closes the list, Tab leaves; a click picks.
 */
export function SearchBox({ className }: { className?: string }) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const optionId = (index: number) => `${listId}-${index}`;
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const { pathname } = location;
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const urlTerm = params.get('q') ?? '';
  const [term, setTerm] = useState(urlTerm);
  const [shownUrlTerm, setShownUrlTerm] = useState(urlTerm);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // The URL changed from elsewhere (Back, a link): show its term (React's "adjust state on prop change").
  if (urlTerm !== shownUrlTerm) {
    setShownUrlTerm(urlTerm);
    setTerm(urlTerm);
  }
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const commit = (value: string) => {
    // Nothing to change, or the user already left this page (opened a creative while the term
    // waited): no navigation, which would drop or hijack the one under way.
    const url = new URL(window.location.href);
    if (url.pathname !== pathname || (url.searchParams.get('q') ?? '') === (value.trim() ? value : '')) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value.trim()) next.set('q', value);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  };

  const suggestTerm = useDebouncedValue(term.trim(), SUGGEST_DEBOUNCE_MS);
  const { data } = useSuggestions(suggestTerm, open);
  // The list of the debounced term stands for what is typed only if it is the same word going on.
  const suggestions = open && continues(suggestTerm, term.trim()) ? (data ?? []) : [];
  const listShown = suggestions.length > 0;

  const onChange = (value: string) => {
    setTerm(value);
    setOpen(true);
    setActive(-1);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(value), DEBOUNCE_MS);
  };

  const pick = (suggestion: Suggestion) => {
    if (timer.current) clearTimeout(timer.current);
    setOpen(false);
    setActive(-1);
    // What the box shows after: the advertiser searched for, nothing once a tag became a filter.
    if (suggestion.kind === 'advertiser') setTerm(suggestion.label);
    if (suggestion.kind === 'tag') setTerm('');
    void navigate(suggestionTarget(suggestion, location));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = suggestions.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!open) setOpen(true);
      if (n === 0) return;
      e.preventDefault();
      setActive((i) => (e.key === 'ArrowDown' ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
    } else if (e.key === 'Enter' && listShown && active >= 0 && active < n) {
      e.preventDefault();
      pick(suggestions[active]!);
    } else if (e.key === 'Escape' && listShown) {
      // Closes the list only: the browser would also clear a search field.
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <form
      role="search"
      // Without JavaScript the form still searches: the server renders home for `?q=`.
      action={paths.home}
      method="get"
      className={cn('relative', className)}
      onSubmit={(e) => {
        e.preventDefault();
        if (timer.current) clearTimeout(timer.current);
        setOpen(false);
        commit(term);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Rechercher une créa
      </label>
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
      <input
        id={id}
        type="search"
        name="q"
        data-shortcut="search"
        value={term}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => void loadSuggestionList()}
        onBlur={() => setOpen(false)}
        aria-autocomplete="list"
        aria-controls={listShown ? listId : undefined}
        aria-activedescendant={listShown && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        placeholder="Rechercher par nom ou annonceur"
        className="h-10 w-full rounded-full border border-slate-300 bg-white pl-9 pr-9 text-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 [&::-webkit-search-cancel-button]:hidden"
      />
      {term ? (
        <button
          type="button"
          aria-label="Effacer la recherche"
          onClick={() => onChange('')}
          className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full p-1 text-slate-400 hover:text-slate-700"
        >
          <X className="size-4" aria-hidden />
        </button>
      ) : null}
      {listShown ? (
        // While its code loads, an empty hidden element holds the id the box's aria-controls names.
        <Suspense fallback={<div id={listId} hidden />}>
          <SuggestionList id={listId} suggestions={suggestions} activeIndex={active} optionId={optionId} onPick={pick} />
        </Suspense>
      ) : null}
    </form>
  );
}

export function useShowsSearch(): boolean {
  return SEARCH_PAGES.includes(useLocation().pathname);
}
