import { zodResolver } from '@hookform/resolvers/zod';
import { LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@domain/messages';
import { passwordResetInput, type PasswordResetInput } from '@domain/schemas/auth';
import { Button, buttonVariants } from '@/components/ui/button';
import { Field, PasswordInput } from '@/components/ui/field';
import { toast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { GatewayError } from '@/gateway/types';
import { retryLaterMessage } from '@/lib/errors';
import { applyFieldErrors } from '@/lib/form-errors';
import { useResetPassword } from '../api/reset-password';
import { AuthShell } from './auth-shell';

const backToLogin = (
  <Link to={paths.login} className="font-medium text-brand-700 hover:underline">
    Retour à la connexion
  </Link>
);

/** A link that cannot be used (missing, expired or already used): say so and offer a new e-mail. */
function DeadLink({ message }: { message: string }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 text-center">
      <LinkIcon className="size-10 text-slate-400" aria-hidden />
      <p className="text-sm text-slate-800">{message}</p>
      <Link to={paths.forgotPassword} className={buttonVariants()}>
        Demander un nouvel e-mail
      </Link>
    </div>
  );
}

/**
 * /reset-password?token=… (self-hosted) or ?oobCode=… (Firebase's action link): a new password
 * with the registration rules. On success every session of the account has ended, so the page
 * goes to /login, where the user signs in with the new password (as most sites do).
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? params.get('oobCode') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [dead, setDead] = useState(false);
  const form = useForm<PasswordResetInput>({
    resolver: zodResolver(passwordResetInput),
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await reset.mutateAsync(values);
      toast.success(MSG.passwordResetDone);
      navigate(paths.login, { replace: true });
    } catch (error) {
      if (error instanceof GatewayError && error.code === 'GONE') setDead(true);
      else if (!applyFieldErrors(error, form.setError, ['newPassword', 'confirmPassword'])) {
        toast.error(retryLaterMessage(error) ?? MSG.resetError);
      }
    }
  });

  return (
    <AuthShell title="Nouveau mot de passe" subtitle="Choisissez le mot de passe de votre compte Créathèque." footer={backToLogin}>
      {!token ? (
        <DeadLink message={MSG.resetLinkMissing} />
      ) : dead ? (
        <DeadLink message={MSG.resetLinkInvalid} />
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <Field label="Nouveau mot de passe" error={errors.newPassword?.message} hint={MSG.passwordHint}>
            {(a11y) => <PasswordInput {...a11y} autoComplete="new-password" {...form.register('newPassword')} />}
          </Field>
          <Field label="Confirmer le nouveau mot de passe" error={errors.confirmPassword?.message}>
            {(a11y) => <PasswordInput {...a11y} autoComplete="new-password" {...form.register('confirmPassword')} />}
          </Field>
          <p className="text-xs text-slate-500">Une fois le mot de passe changé, tous vos appareils seront déconnectés.</p>
          <Button type="submit" size="lg" disabled={form.formState.isSubmitting} className="mt-1">
            {form.formState.isSubmitting ? 'Enregistrement…' : 'Enregistrer le mot de passe'}
          </Button>
        </form>
      )}
    </AuthShell>
  );
}
