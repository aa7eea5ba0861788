import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { MSG } from '@domain/messages';
import { passwordResetRequestInput, type PasswordResetRequestInput } from '@domain/schemas/auth';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { toast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { retryLaterMessage } from '@/lib/errors';
import { applyFieldErrors } from '@/lib/form-errors';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthShell } from './auth-shell';

/** /forgot-password: the address to send the reset link to; the same answer whether or not it has an account. */
export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<PasswordResetRequestInput>({ resolver: zodResolver(passwordResetRequestInput), defaultValues: { email: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await request.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['email'])) toast.error(retryLaterMessage(error) ?? MSG.resetRequestError);
    }
  });

  return (
    <AuthShell
      title="Mot de passe oublié"
      subtitle="Saisissez l'adresse email de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe."
      footer={
        <Link to={paths.login} className="font-medium text-brand-700 hover:underline">
          Retour à la connexion
        </Link>
      }
    >
      {sentTo ? (
        <div role="status" className="flex flex-col items-center gap-3 text-center">
          <MailCheck className="size-10 text-brand-600" aria-hidden />
          <p className="text-sm text-slate-800">{MSG.resetRequested}</p>
          <p className="text-sm text-slate-600">Le lien est valable 1 heure. Pensez à regarder dans vos courriers indésirables.</p>
          <Button variant="outline" onClick={() => setSentTo(null)}>
            Renvoyer un e-mail
          </Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <Field label="Email" error={errors.email?.message}>
            {(a11y) => <Input {...a11y} type="email" autoComplete="email" {...form.register('email')} />}
          </Field>
          <Button type="submit" size="lg" disabled={form.formState.isSubmitting} className="mt-2">
            {form.formState.isSubmitting ? 'Envoi…' : 'Envoyer le lien'}
          </Button>
        </form>
      )}
    </AuthShell>
  );
}
