import { FolderMinus, FolderOpen, SearchX } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'react-router';
import type { Folder } from '@domain/types';
import { CreativeCard } from '@/components/creative/creative-card';
import { ListStates } from '@/components/creative/list-states';
import { CreativeGridSkeleton } from '@/components/creative/creative-grid-skeleton';
import { Button, buttonVariants } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { paths } from '@/config/paths';
import { useGateway } from '@/gateway/context';
import { useCreativeListRef } from '@/lib/creative-list';
import { SearchSummary } from '@/components/creative/search-summary';
import { loadedItems } from '@/lib/pages';
import { useLikeHandler } from '@/lib/use-like-handler';
import { useReadOnWhileEmpty } from '@/lib/use-read-on-while-empty';
import { folderCreativesQueryOptions, useFolderCreatives } from '../api/get-folder-creatives';
import { useToggleFolderCreative } from '../api/toggle-folder-creative';
import { FolderNote } from './folder-note';
import { FolderZipButton } from './folder-zip-button';

/**
 * Right panel of /folders: the folder's creatives, filtered by ?q, each with its note (where the
 * backend keeps notes) and 'Retirer du dossier', a page at a time; `actions` beside the name ('Partager').
 */
export function FolderCreatives({ folder, q, actions }: { folder: Folder; q: string; actions?: React.ReactNode }) {
  const { features } = useGateway();
  const creatives = useFolderCreatives(folder.id, q);
  const list = useCreativeListRef(folderCreativesQueryOptions(useGateway(), folder.id, q), true);
  const toggle = useToggleFolderCreative();
  const onToggleLike = useLikeHandler();
  const count = folder.creativeIds.length;
  const items = loadedItems(creatives.data);
  const readingOn = useReadOnWhileEmpty(creatives, items.length);

  return (
    <section aria-labelledby="folder-title" className="@container flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="folder-title" className="min-w-0 break-words text-2xl font-bold tracking-tight text-slate-900">
          {folder.name}
        </h2>
        <div className="flex flex-wrap items-start gap-3">
          <p className="self-center text-sm text-slate-500">{count > 1 ? `${count} créas` : `${count} créa`}</p>
          {actions}
          <FolderZipButton folder={folder} />
        </div>
      </div>
      <SearchSummary q={q} firstPage={creatives.data?.pages[0]} />
      <ListStates
        isPending={creatives.isPending || readingOn}
        loading={<CreativeGridSkeleton />}
        isError={creatives.isError}
        isEmpty={items.length === 0}
        errorText="Impossible de charger ce dossier. Veuillez réessayer."
        emptyIcon={
          q ? <SearchX className="size-10 text-slate-400" aria-hidden /> : <FolderOpen className="size-10 text-slate-300" aria-hidden />
        }
        empty={
          q ? (
            <p className="font-medium text-slate-800">Aucune créa de ce dossier ne correspond à votre recherche</p>
          ) : (
            <>
              <p className="font-medium text-slate-800">Ce dossier est vide</p>
              <p className="max-w-sm text-sm text-slate-600">
                Ajoutez-y des créas depuis la galerie ou la page d'une créa avec le bouton « Ajouter à un dossier ».
              </p>
              <Link to={paths.home} className={buttonVariants({ variant: 'outline' })}>
                Parcourir la galerie
              </Link>
            </>
          )
        }
      >
        {/* Columns follow the panel's width, not the viewport's (the folder list takes the left column). */}
        <div className="grid grid-cols-1 gap-5 @xl:grid-cols-2 @4xl:grid-cols-3">
          {items.map((creative) => (
            <CreativeCard
              key={creative.id}
              creative={creative}
              onToggleLike={onToggleLike}
              showPreview={false}
              list={list}
              details={features.folderNotes ? <FolderNote folderId={folder.id} creative={creative} /> : null}
              actions={
                <Button
                  variant="ghost"
                  size="sm"
                  className="px-2 text-slate-600 hover:bg-red-50 hover:text-red-700"
                  onClick={() => toggle.mutate({ folderId: folder.id, creativeId: creative.id, add: false })}
                >
                  <FolderMinus aria-hidden />
                  Retirer du dossier
                </Button>
              }
            />
          ))}
        </div>
        <LoadMore
          hasNextPage={creatives.hasNextPage}
          isFetchingNextPage={creatives.isFetchingNextPage}
          onLoadMore={() => void creatives.fetchNextPage()}
        />
      </ListStates>
    </section>
  );
}
