import { FolderOpen } from 'lucide-react';
import { useParams } from 'react-router';
import { MSG } from '@domain/messages';
import { CreativeCard, CreativeGrid } from '@/components/creative/creative-card';
import { CreativeGridSkeleton } from '@/components/creative/creative-grid-skeleton';
import { ListStates } from '@/components/creative/list-states';
import { LoadMore } from '@/components/ui/load-more';
import { ZipDownloadButton } from '@/components/ui/zip-download-button';
import { paths } from '@/config/paths';
import { useGateway } from '@/gateway/context';
import { GatewayError } from '@/gateway/types';
import { loadedItems } from '@/lib/pages';
import { useDownloadSharedZip } from '../api/download-shared-zip';
import { useSharedFolder } from '../api/get-shared-folder';
import { ShareNote } from './share-note';
import { SharePasswordPrompt } from './share-password-prompt';
import { ShareUnavailable } from './share-unavailable';

const ignoreLike = () => undefined;

/** /partage/:token — a shared folder for anyone holding the link: its name and approved creatives, read-only. */
export function SharedFolderPage() {
  const { token = '' } = useParams();
  const { features } = useGateway();
  const folder = useSharedFolder(token);
  const zip = useDownloadSharedZip();
  if (!features.folderShares) return <ShareUnavailable error={new GatewayError('INTERNAL', MSG.sharesUnavailable, 501)} />;
  if (folder.error instanceof GatewayError && folder.error.code === 'PASSWORD_REQUIRED') return <SharePasswordPrompt token={token} />;
  if (folder.isError) return <ShareUnavailable error={folder.error} />;
  const first = folder.data?.pages[0];
  const items = loadedItems(folder.data);
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-1">
        <p className="text-sm font-medium text-brand-700">Dossier partagé</p>
        <h1 className="break-words text-3xl font-bold tracking-tight text-slate-900">{first?.folder.name ?? 'Chargement…'}</h1>
        {first?.folder.allowDownload ? (
          <div className="mt-2">
            <ZipDownloadButton
              download={zip}
              onClick={() => zip.mutate(token)}
              emptyHint={items.length === 0 ? 'Ce dossier ne contient aucune créa à télécharger.' : undefined}
            />
          </div>
        ) : null}
      </header>
      <ListStates
        isPending={folder.isPending}
        loading={<CreativeGridSkeleton />}
        isError={false}
        isEmpty={items.length === 0}
        errorText=""
        emptyIcon={<FolderOpen className="size-10 text-slate-300" aria-hidden />}
        empty={<p className="font-medium text-slate-800">Ce dossier ne contient aucune créa pour l’instant</p>}
      >
        <CreativeGrid>
          {items.map((creative) => (
            <CreativeCard
              key={creative.id}
              creative={creative}
              onToggleLike={ignoreLike}
              href={paths.sharedCreative(token, creative.id)}
              showPreview={first?.folder.includeAnalysis ?? false}
              details={<ShareNote note={creative.note} />}
              readOnly
            />
          ))}
        </CreativeGrid>
        <LoadMore
          hasNextPage={folder.hasNextPage}
          isFetchingNextPage={folder.isFetchingNextPage}
          onLoadMore={() => void folder.fetchNextPage()}
        />
      </ListStates>
    </div>
  );
}
