import { LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import { MSG } from '@domain/messages';
import { Button } from '@/components/ui/button';
import { Field, PasswordInput } from '@/components/ui/field';
import { messageOf } from '@/lib/errors';
import { useUnlockShare } from '../api/unlock-share';

/** A protected link asks for its password before showing anything. */
export function SharePasswordPrompt({ token }: { token: string }) {
  const unlock = useUnlockShare(token);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!password) return setError(MSG.sharePasswordRequiredField);
    setError(undefined);
    unlock.mutate(password, { onError: (err) => setError(messageOf(err)) });
  };
  return (
    <div className="mx-auto flex max-w-sm flex-col items-center gap-4 px-4 py-16 text-center">
      <LockKeyhole className="size-12 text-brand-600" aria-hidden />
      <h1 className="text-2xl font-bold text-slate-900">Dossier protégé</h1>
      <p className="text-slate-600">{MSG.sharePasswordRequired}. Saisissez-le pour voir le dossier.</p>
      <form onSubmit={submit} noValidate className="flex w-full flex-col gap-3 text-left">
        <Field label="Mot de passe" error={error}>
          {(a11y) => (
            <PasswordInput {...a11y} value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" />
          )}
        </Field>
        <Button type="submit" disabled={unlock.isPending}>
          {unlock.isPending ? 'Vérification…' : 'Ouvrir le dossier'}
        </Button>
      </form>
    </div>
  );
}
