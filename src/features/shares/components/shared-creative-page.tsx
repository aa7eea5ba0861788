import { ArrowLeft, Download } from 'lucide-react';
import type * as React from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Analysis } from '@domain/types';
import { MediaPreview } from '@/components/creative/media-preview';
import { TagList } from '@/components/creative/tag-list';
import { Button, buttonVariants } from '@/components/ui/button';
import { PageLoader } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { GatewayError } from '@/gateway/types';
import { useShortcuts } from '@/lib/shortcuts';
import { useDownloadSharedCreative } from '../api/download-shared-creative';
import { useSharedCreative } from '../api/get-shared-creative';
import { useSharedFolder } from '../api/get-shared-folder';
import { ShareNote } from './share-note';
import { SharePasswordPrompt } from './share-password-prompt';
import { ShareUnavailable } from './share-unavailable';

/**
 * /partage/:token/:creativeId — one creative of a shared folder: media, name, advertiser, tags, the
 * owner's note and the analysis when the link includes them, download when it allows it; nothing else.
 */
export function SharedCreativePage({ renderAnalysis }: { renderAnalysis: (analysis: Analysis) => React.ReactNode }) {
  const { token = '', creativeId = '' } = useParams();
  const creative = useSharedCreative(token, creativeId);
  const folder = useSharedFolder(token);
  const download = useDownloadSharedCreative(token);
  const navigate = useNavigate();
  const back = paths.share(token);
  useShortcuts({ back: () => navigate(back) });

  if (creative.isPending) return <PageLoader />;
  if (creative.error instanceof GatewayError && creative.error.code === 'PASSWORD_REQUIRED') return <SharePasswordPrompt token={token} />;
  if (creative.isError) return <ShareUnavailable error={creative.error} />;
  const c = creative.data;
  const options = folder.data?.pages[0]?.folder;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <Link to={back} className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'self-start' })}>
        <ArrowLeft aria-hidden />
        {options ? `Retour à « ${options.name} »` : 'Retour au dossier'}
      </Link>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <MediaPreview creative={c} className="self-start lg:sticky lg:top-24" />
        <div className="flex flex-col gap-6">
          <header className="flex flex-col gap-3">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">{c.name}</h1>
            <p className="text-lg text-slate-600">{c.advertiser}</p>
            <TagList creative={c} />
            {options?.allowDownload ? (
              <Button
                variant="outline"
                className="self-start"
                onClick={() => download.mutate(c)}
                disabled={download.isPending || !c.mediaUrl}
              >
                <Download aria-hidden />
                {download.isPending ? 'Téléchargement…' : 'Télécharger'}
              </Button>
            ) : null}
          </header>
          <ShareNote note={c.note} />
          {c.analysis ? (
            <section aria-labelledby="analysis-title" className="flex flex-col gap-3">
              <h2 id="analysis-title" className="text-xl font-bold text-slate-900">
                Analyse
              </h2>
              {renderAnalysis(c.analysis)}
            </section>
          ) : null}
        </div>
      </div>
    </div>
  );
}
