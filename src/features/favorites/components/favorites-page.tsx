import { Heart } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { CreativeCard, CreativeGrid } from '@/components/creative/creative-card';
import { ListStates } from '@/components/creative/list-states';
import { CreativeGridSkeleton } from '@/components/creative/creative-grid-skeleton';
import { buttonVariants } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { paths } from '@/config/paths';
import { useGateway } from '@/gateway/context';
import { useCreativeListRef } from '@/lib/creative-list';
import { SearchSummary } from '@/components/creative/search-summary';
import { loadedItems } from '@/lib/pages';
import { useLikeHandler } from '@/lib/use-like-handler';
import { useReadOnWhileEmpty } from '@/lib/use-read-on-while-empty';
import { favoritesQueryOptions, useFavorites } from '../api/get-favorites';

/** /favorites: the approved creatives the user liked; unliking removes them; ?q applies. */
export function FavoritesPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const favorites = useFavorites(q);
  const list = useCreativeListRef(favoritesQueryOptions(useGateway(), q), true);
  const onToggleLike = useLikeHandler();
  const items = loadedItems(favorites.data);
  const readingOn = useReadOnWhileEmpty(favorites, items.length);
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Mes favoris</h1>
        <p className="mt-1 text-sm text-slate-600">Les créas que vous avez likées.</p>
      </header>
      <SearchSummary q={q} firstPage={favorites.data?.pages[0]} />
      <ListStates
        isPending={favorites.isPending || readingOn}
        loading={<CreativeGridSkeleton />}
        isError={favorites.isError}
        isEmpty={items.length === 0}
        errorText="Impossible de charger vos favoris."
        emptyIcon={<Heart className="size-10 text-rose-300" aria-hidden />}
        empty={
          <>
            <p className="font-medium text-slate-800">
              {q ? 'Aucun favori ne correspond à votre recherche' : "Vous n'avez pas encore de favoris"}
            </p>
            {!q ? (
              <Link to={paths.home} className={buttonVariants({ variant: 'outline' })}>
                Parcourir la galerie
              </Link>
            ) : null}
          </>
        }
      >
        <CreativeGrid>
          {items.map((creative) => (
            <CreativeCard key={creative.id} creative={creative} onToggleLike={onToggleLike} showPreview={false} list={list} />
          ))}
        </CreativeGrid>
        <LoadMore
          hasNextPage={favorites.hasNextPage}
          isFetchingNextPage={favorites.isFetchingNextPage}
          onLoadMore={() => void favorites.fetchNextPage()}
        />
      </ListStates>
    </div>
  );
}
