import { ArrowLeft, SearchX } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { MSG } from '@domain/messages';
import { buttonVariants } from '@/components/ui/button';
import { PageLoader } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { clientEnv } from '@/config/env';
import { paths } from '@/config/paths';
import { GatewayError } from '@/gateway/types';
import { useCreativeToEdit } from '../api/get-creative-to-edit';
import { useUpdateCreative } from '../api/update-creative';
import { formValuesOf } from '../form-values';
import { CreativeForm } from './creative-form';
import { PageHeader } from './page-header';

/** /creatives/{id}/edit: the submit form prefilled; the media is kept unless replaced. */
export function EditCreativePage() {
  const { id = '' } = useParams();
  const { data: creative, isPending, error } = useCreativeToEdit(id);
  const update = useUpdateCreative();
  const navigate = useNavigate();

  if (isPending) return <PageLoader />;
  if (!creative) {
    const notFound = error instanceof GatewayError && error.status === 404;
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
        <SearchX className="size-12 text-slate-400" aria-hidden />
        <h1 className="text-2xl font-bold text-slate-900">{notFound ? MSG.creativeNotFound : 'Impossible de charger cette créative.'}</h1>
        <Link to={paths.home} className={buttonVariants({ variant: 'outline' })}>
          Retour à la galerie
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:py-12">
      <Link
        to={paths.creative(creative.id)}
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-slate-600 hover:text-brand-700"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Retour à la créative
      </Link>
      <PageHeader title="Modifier la créative">{creative.name}</PageHeader>
      <CreativeForm
        key={creative.id}
        defaultValues={formValuesOf(creative)}
        current={creative}
        withMediaText={typeof creative.mediaText === 'string'}
        submitLabel="Enregistrer les modifications"
        failureMessage={MSG.editError}
        unavailable={clientEnv.uploadsAvailable ? undefined : MSG.uploadsUnavailable}
        readMedia={clientEnv.backend === 'firebase'}
        onSubmit={async (input, file, onProgress, reading) => {
          await update.mutateAsync({ id: creative.id, input, file, onProgress, reading });
          toast.success(MSG.creativeUpdated);
          navigate(paths.creative(creative.id));
        }}
      />
    </div>
  );
}
