import { Download, SearchX } from 'lucide-react';
import type * as React from 'react';
import { Link, useNavigate } from 'react-router';
import { MSG } from '@domain/messages';
import type { Creative } from '@domain/types';
import { LikeButton } from '@/components/creative/like-button';
import { MediaPreview } from '@/components/creative/media-preview';
import { TagList } from '@/components/creative/tag-list';
import { Button, buttonVariants } from '@/components/ui/button';
import { PageLoader } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { GatewayError } from '@/gateway/types';
import { useCreativeListNavigation } from '@/lib/creative-list';
import { useSession } from '@/lib/session';
import { useShortcuts } from '@/lib/shortcuts';
import { useLikeHandler } from '@/lib/use-like-handler';
import { useCreative, usePrefetchCreatives } from '../api/get-creative';
import { useDownloadCreative } from '../api/download-creative';
import { AnalysisLoginPrompt, AnalysisSections } from './analysis-sections';
import { ListNavigation } from './list-navigation';
import { MediaTextSection } from './media-text-section';
import { SimilarCreatives } from './similar-creatives';

export function CreativeNotFound() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
      <SearchX className="size-12 text-slate-400" aria-hidden />
      <h1 className="text-2xl font-bold text-slate-900">{MSG.creativeNotFound}</h1>
      <Link to={paths.home} className={buttonVariants({ variant: 'outline' })}>
        Retour à la galerie
      </Link>
    </div>
  );
}

export interface CreativeDetailProps {
  id: string;
  /** Sections composed by the app: comments, staff actions (edit, delete, feature), add to folder. */
  renderComments?: (creative: Creative) => React.ReactNode;
  renderActions?: (creative: Creative) => React.ReactNode;
}

/** /creatives/{id}: media, name, advertiser, tags, like, download and the analysis. */
export function CreativeDetailPage({ id, renderComments, renderActions }: CreativeDetailProps) {
  const { data: creative, isPending, error } = useCreative(id);
  const { user } = useSession();
  const navigate = useNavigate();
  const onToggleLike = useLikeHandler();
  const download = useDownloadCreative();
  const nav = useCreativeListNavigation(id);
  usePrefetchCreatives([nav?.prev, nav?.next]);
  useShortcuts({
    prev: nav?.goPrev,
    next: nav?.goNext,
    back: nav?.backToList,
    like: creative ? () => onToggleLike(creative) : undefined,
  });

  if (isPending) return <PageLoader />;
  if (error || !creative) {
    if (error instanceof GatewayError && error.status === 404) return <CreativeNotFound />;
    return (
      <p role="alert" className="mx-auto max-w-md px-4 py-20 text-center text-red-700">
        Impossible de charger cette créative. Veuillez réessayer.
      </p>
    );
  }

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <ListNavigation nav={nav} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <MediaPreview creative={creative} className="self-start lg:sticky lg:top-24" />
        <div className="flex flex-col gap-6">
          <header className="flex flex-col gap-3">
            {creative.status !== 'approved' ? (
              <p className="self-start rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-800">
                {creative.status === 'pending' ? 'En attente de validation' : 'Refusée'}
              </p>
            ) : null}
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">{creative.name}</h1>
            <p className="text-lg text-slate-600">{creative.advertiser}</p>
            <TagList creative={creative} />
            <div className="flex flex-wrap items-center gap-2 pt-1">
              <LikeButton liked={creative.likedByMe} count={creative.likes} onToggle={() => onToggleLike(creative)} />
              <Button
                variant="outline"
                onClick={() => (user ? download.mutate(creative) : navigate(paths.login))}
                disabled={download.isPending || !creative.mediaUrl}
              >
                <Download aria-hidden />
                {download.isPending ? 'Téléchargement…' : 'Télécharger'}
              </Button>
              {renderActions?.(creative)}
            </div>
            {creative.status === 'rejected' && creative.rejectionReason ? (
              <p className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
                <strong>Motif du refus :</strong> {creative.rejectionReason}
              </p>
            ) : null}
          </header>
          <section aria-labelledby="analysis-title" className="flex flex-col gap-3">
            <h2 id="analysis-title" className="text-xl font-bold text-slate-900">
              Analyse
            </h2>
            {creative.analysis ? <AnalysisSections analysis={creative.analysis} /> : <AnalysisLoginPrompt />}
          </section>
          <MediaTextSection text={creative.mediaText} />
          {renderComments?.(creative)}
        </div>
      </div>
      <SimilarCreatives id={creative.id} />
    </div>
  );
}
