import { Clock, Heart, SearchX, Sparkles, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Creative } from '@domain/types';
import { CreativeCard, CreativeGrid } from '@/components/creative/creative-card';
import { ListStates } from '@/components/creative/list-states';
import { SearchSummary } from '@/components/creative/search-summary';
import { CreativeGridSkeleton } from '@/components/creative/creative-grid-skeleton';
import { Button, buttonVariants } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { paths } from '@/config/paths';
import { useGateway } from '@/gateway/context';
import type { GallerySort } from '@/gateway/types';
import { useCreativeListRef } from '@/lib/creative-list';
import { useSession } from '@/lib/session';
import { useLikeHandler } from '@/lib/use-like-handler';
import { useReadOnWhileEmpty } from '@/lib/use-read-on-while-empty';
import { galleryQueryOptions, useGallery } from '../api/get-gallery';
import { isFiltered, readGalleryView, toGalleryQuery, withFilters, withSort } from '../url-state';
import { FiltersButton } from './filters-button';

const LoginRequiredDialog = lazy(() => import('./login-required-dialog'));

/** 'Galerie des créas': sort, filters, search from ?q, 12 cards then 'Charger plus'. */
export interface GallerySectionProps {
  /** Extra controls for each card, composed by the app (e.g. add to folder). */
  renderCardActions?: (creative: Creative) => ReactNode;
}

/** The sort toggle; 'Pertinence' only with a search, on a backend that ranks one. */
const SORT_OPTIONS: { sort: GallerySort; label: string; Icon: LucideIcon; searchOnly?: boolean }[] = [
  { sort: 'relevance', label: 'Pertinence', Icon: Sparkles, searchOnly: true },
  { sort: 'recent', label: 'Plus récentes', Icon: Clock },
  { sort: 'likes', label: 'Plus likées', Icon: Heart },
];

export function GallerySection({ renderCardActions }: GallerySectionProps = {}) {
  const [params, setParams] = useSearchParams();
  const gateway = useGateway();
  const { features } = gateway;
  const urlView = readGalleryView(params);
  const searching = urlView.q.trim() !== '';
  // A backend that cannot rank a search lists it newest first, and shows that.
  const view = urlView.sort === 'relevance' && !features.relevanceSort ? { ...urlView, sort: 'recent' as const } : urlView;
  const { user, can } = useSession();
  const onToggleLike = useLikeHandler();
  const gallery = useGallery(toGalleryQuery(view));
  const list = useCreativeListRef(galleryQueryOptions(gateway, toGalleryQuery(view)), !!user);
  const [loginDialog, setLoginDialog] = useState(false);
  const items = gallery.data?.pages.flatMap((p) => p.items) ?? [];
  const readingOn = useReadOnWhileEmpty(gallery, items.length);

  const loadMore = () => {
    if (!user) setLoginDialog(true);
    else void gallery.fetchNextPage();
  };

  return (
    <section aria-labelledby="gallery-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="gallery-title" className="text-2xl font-bold tracking-tight text-slate-900">
          Galerie des créas
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <div
            className="inline-flex max-w-full overflow-x-auto rounded-full border border-slate-200 bg-white p-1"
            role="group"
            aria-label="Trier"
          >
            {SORT_OPTIONS.filter((o) => !o.searchOnly || (searching && features.relevanceSort)).map(({ sort, label, Icon }) => (
              <Button
                key={sort}
                variant="tab"
                size="sm"
                aria-pressed={view.sort === sort}
                data-state={view.sort === sort ? 'active' : undefined}
                onClick={() => setParams(withSort(params, sort), { replace: true })}
              >
                {/* Three choices with a search: no icons on a phone, so the toggle fits the width. */}
                <Icon aria-hidden className={searching ? 'max-sm:hidden' : undefined} />
                {label}
              </Button>
            ))}
          </div>
          <FiltersButton
            filters={view.filters}
            q={view.q}
            onApply={(filters) => setParams(withFilters(params, filters), { replace: true })}
          />
        </div>
      </div>
      <SearchSummary q={view.q} firstPage={gallery.data?.pages[0]} />

      <ListStates
        isPending={gallery.isPending || readingOn}
        loading={<CreativeGridSkeleton />}
        isError={gallery.isError}
        isEmpty={items.length === 0}
        errorText="Impossible de charger la galerie. Veuillez réessayer."
        emptyIcon={isFiltered(view) ? <SearchX className="size-10 text-slate-400" aria-hidden /> : null}
        empty={
          isFiltered(view) ? (
            <>
              <p className="font-medium text-slate-800">Aucune créative ne correspond à votre recherche</p>
              <Button variant="outline" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
                Réinitialiser les filtres
              </Button>
            </>
          ) : (
            <>
              <p className="font-medium text-slate-800">Aucune créative pour le moment</p>
              {can('creative:submit') ? (
                <Link to={paths.submit} className={buttonVariants()}>
                  Ajouter une créa
                </Link>
              ) : null}
            </>
          )
        }
      >
        <CreativeGrid>
          {items.map((creative, i) => (
            <CreativeCard
              key={creative.id}
              creative={creative}
              onToggleLike={onToggleLike}
              eager={i < 4}
              list={list}
              actions={renderCardActions?.(creative)}
            />
          ))}
        </CreativeGrid>
        <LoadMore hasNextPage={gallery.hasNextPage} isFetchingNextPage={gallery.isFetchingNextPage} onLoadMore={loadMore} />
      </ListStates>

      <Suspense fallback={null}>{loginDialog ? <LoginRequiredDialog onClose={() => setLoginDialog(false)} /> : null}</Suspense>
    </section>
  );
}
