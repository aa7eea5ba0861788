import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { MSG } from '@domain/messages';
import { loginInput, type LoginInput } from '@domain/schemas/auth';
import { Button } from '@/components/ui/button';
import { Field, Input, PasswordInput } from '@/components/ui/field';
import { toast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { GatewayError } from '@/gateway/types';
import { retryLaterMessage } from '@/lib/errors';
import { useLogin } from '../api/login';
import { AuthShell } from './auth-shell';

export function LoginPage() {
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm<LoginInput>({ resolver: zodResolver(loginInput), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
      navigate(paths.home);
    } catch (error) {
      const invalid = error instanceof GatewayError && error.code === 'INVALID_CREDENTIALS';
      toast.error(invalid ? MSG.invalidCredentials : (retryLaterMessage(error) ?? MSG.loginError));
    }
  });

  return (
    <AuthShell
      title="Connexion"
      subtitle="Retrouvez vos créas favorites, vos dossiers et les analyses complètes."
      footer={
        <>
          Pas encore de compte ?{' '}
          <Link to={paths.register} className="font-medium text-brand-700 hover:underline">
            Inscription
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field label="Email" error={errors.email?.message}>
          {(a11y) => <Input {...a11y} type="email" autoComplete="email" {...form.register('email')} />}
        </Field>
        <Field label="Mot de passe" error={errors.password?.message}>
          {(a11y) => <PasswordInput {...a11y} autoComplete="current-password" {...form.register('password')} />}
        </Field>
        <p className="-mt-2 text-right text-sm">
          <Link to={paths.forgotPassword} className="font-medium text-brand-700 hover:underline">
            {MSG.forgotPasswordLink}
          </Link>
        </p>
        <Button type="submit" size="lg" disabled={form.formState.isSubmitting} className="mt-2">
          {form.formState.isSubmitting ? 'Connexion…' : 'Se connecter'}
        </Button>
      </form>
    </AuthShell>
  );
}
