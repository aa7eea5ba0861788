import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

/** Pages whose lists the top-bar search filters through ?q. */
export const SEARCH_PAGES: string[] = [paths.home, paths.favorites, paths.folders];

const DEBOUNCE_MS = 300;

/** Search by name or advertiser; the term lives in ?q so it survives reloads and can be shared. */
export function SearchBox({ className }: { className?: string }) {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
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

  const onChange = (value: string) => {
    setTerm(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(value), DEBOUNCE_MS);
  };

  return (
    <form
      role="search"
      className={cn('relative', className)}
      onSubmit={(e) => {
        e.preventDefault();
        if (timer.current) clearTimeout(timer.current);
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
        data-shortcut="search"
        value={term}
        onChange={(e) => onChange(e.target.value)}
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
    </form>
  );
}

export function useShowsSearch(): boolean {
  return SEARCH_PAGES.includes(useLocation().pathname);
}
