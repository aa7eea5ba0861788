import { Link2 } from 'lucide-react';
import { useId, useState } from 'react';
import { MSG } from '@domain/messages';
import { shareInputWith } from '@domain/schemas/share';
import { endOfLocalDay, SHARE_OPTION_LABELS, SHARE_OPTIONS, type ShareOptions } from '@domain/shares';
import { Button } from '@/components/ui/button';
import { Field, Input, PasswordInput } from '@/components/ui/field';
import { useGateway } from '@/gateway/context';
import { fieldErrorsOf } from '@/lib/errors';
import { useCreateFolderShare } from '../api/create-folder-share';

const NO_OPTIONS: ShareOptions = { allowDownload: false, includeAnalysis: false, includeNotes: false };

/** A new link: optional password and expiry date, the three switches of the issue. */
export function ShareForm({ folderId }: { folderId: string }) {
  const create = useCreateFolderShare(folderId);
  const passwordMin = useGateway().features.sharePasswordMin;
  const [password, setPassword] = useState('');
  const [day, setDay] = useState('');
  const [options, setOptions] = useState<ShareOptions>(NO_OPTIONS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = { password, expiresAt: day ? endOfLocalDay(day).toISOString() : null, ...options };
    const parsed = shareInputWith(passwordMin).safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    create.mutate(input, {
      onSuccess: () => {
        setPassword('');
        setDay('');
        setOptions(NO_OPTIONS);
      },
      onError: (error) => setErrors(fieldErrorsOf(error)),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Mot de passe (facultatif)" hint={MSG.sharePasswordHintOf(passwordMin)} error={errors.password}>
          {(a11y) => <PasswordInput {...a11y} value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" />}
        </Field>
        <Field label="Date d’expiration (facultative)" error={errors.expiresAt}>
          {(a11y) => <Input {...a11y} type="date" value={day} onChange={(e) => setDay(e.target.value)} />}
        </Field>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">Options du lien</legend>
        {SHARE_OPTIONS.map((option) => (
          <div key={option} className="flex items-center gap-2">
            <input
              id={`${id}-${option}`}
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={options[option]}
              onChange={(e) => setOptions((o) => ({ ...o, [option]: e.target.checked }))}
            />
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
