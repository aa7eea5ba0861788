import { zodResolver } from '@hookform/resolvers/zod';
import { Link2 } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MSG } from '@domain/messages';
import { shareFormInput, type ShareFormValues } from '@domain/schemas/share';
import { SHARE_OPTION_LABELS, SHARE_OPTIONS } from '@domain/shares';
import { Button } from '@/components/ui/button';
import { Field, Input, PasswordInput } from '@/components/ui/field';
import { useGateway } from '@/gateway/context';
import { applyFieldErrors } from '@/lib/form-errors';
import { useCreateFolderShare } from '../api/create-folder-share';

const EMPTY: ShareFormValues = { password: '', expiresAt: '', allowDownload: false, includeAnalysis: false, includeNotes: false };

/** A new link: optional password and expiry date, the three switches of the issue. */
export function ShareForm({ folderId }: { folderId: string }) {
  const create = useCreateFolderShare(folderId);
  const passwordMin = useGateway().features.sharePasswordMin;
  const schema = useMemo(() => shareFormInput(passwordMin), [passwordMin]);
  const form = useForm<ShareFormValues, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const id = useId();

  const onSubmit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: () => form.reset(EMPTY),
      onError: (error) => applyFieldErrors(error, form.setError, ['password', 'expiresAt']),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Mot de passe (facultatif)" hint={MSG.sharePasswordHintOf(passwordMin)} error={errors.password?.message}>
          {(a11y) => <PasswordInput {...a11y} autoComplete="new-password" {...form.register('password')} />}
        </Field>
        <Field label="Date d’expiration (facultative)" error={errors.expiresAt?.message}>
          {(a11y) => <Input {...a11y} type="date" {...form.register('expiresAt')} />}
        </Field>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">Options du lien</legend>
        {SHARE_OPTIONS.map((option) => (
          <div key={option} className="flex items-center gap-2">
            <input id={`${id}-${option}`} type="checkbox" className="size-4 accent-brand-600" {...form.register(option)} />
            <label htmlFor={`${id}-${option}`} className="text-sm text-slate-800 first-letter:uppercase">
              {SHARE_OPTION_LABELS[option]}
            </label>
          </div>
        ))}
      </fieldset>
      <Button type="submit" disabled={create.isPending} className="self-start">
        <Link2 aria-hidden />
        Créer le lien
      </Button>
    </form>
  );
}
