import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '@domain/messages';
import { toast } from '@/components/ui/toaster';
import { clientEnv } from '@/config/env';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useSubmitCreative } from '../api/submit-creative';
import { EMPTY_FORM } from '../form-values';
import { AgencySuccessDialog } from './agency-success-dialog';
import { CreativeForm } from './creative-form';
import { PageHeader } from './page-header';

/** /submit: agencies' creatives wait for validation; staff's are published at once. */
export function SubmitPage() {
  const { can } = useSession();
  const submit = useSubmitCreative();
  const navigate = useNavigate();
  const [awaitingReview, setAwaitingReview] = useState(false);
  const autoApproved = can('creative:auto-approve');

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:py-12">
      <PageHeader title="Ajouter une créa">
        {autoApproved
          ? 'Votre créative sera publiée dans la galerie dès son envoi.'
          : 'Votre créative sera visible dans la galerie après validation par notre équipe.'}
      </PageHeader>
      <CreativeForm
        defaultValues={EMPTY_FORM}
        submitLabel="Soumettre la créative"
        failureMessage={MSG.submitError}
        unavailable={clientEnv.uploadsAvailable ? undefined : MSG.uploadsUnavailable}
        checkDuplicates
        readMedia={clientEnv.backend === 'firebase'}
        onSubmit={async (input, file, onProgress, reading) => {
          if (!file) return;
          const creative = await submit.mutateAsync({ input, file, onProgress, reading });
          if (creative.status === 'pending') {
            setAwaitingReview(true);
          } else {
            toast.success(MSG.creativePublished);
            navigate(paths.creative(creative.id));
          }
        }}
      />
      {awaitingReview ? <AgencySuccessDialog /> : null}
    </div>
  );
}
