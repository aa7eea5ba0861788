import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { MSG } from '@domain/messages';
import { registerInput, type RegisterInput } from '@domain/schemas/auth';
import { Button } from '@/components/ui/button';
import { Field, FormAlert, Input, PasswordInput } from '@/components/ui/field';
import { NameFields } from '@/components/user/name-fields';
import { paths } from '@/config/paths';
import { retryLaterMessage } from '@/lib/errors';
import { applyFieldErrors } from '@/lib/form-errors';
import { useRegister } from '../api/register';
import { AuthShell } from './auth-shell';

export function RegisterPage() {
  const navigate = useNavigate();
  const register = useRegister();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerInput),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setAlert(null);
    try {
      await register.mutateAsync(values);
      navigate(paths.home);
    } catch (error) {
      const placed = applyFieldErrors(error, form.setError, ['firstName', 'lastName', 'email', 'password', 'confirmPassword']);
      if (!placed) setAlert(retryLaterMessage(error) ?? MSG.registerError);
    }
  });

  return (
    <AuthShell
      title="Inscription"
      subtitle="Créez votre compte pour liker, commenter et organiser les créas."
      footer={
        <>
          Déjà inscrit ?{' '}
          <Link to={paths.login} className="font-medium text-brand-700 hover:underline">
            Connexion
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormAlert>{alert}</FormAlert>
        <NameFields register={form.register} errors={errors} />
        <Field label="Email" error={errors.email?.message}>
          {(a11y) => <Input {...a11y} type="email" autoComplete="email" {...form.register('email')} />}
        </Field>
        <Field label="Mot de passe" error={errors.password?.message} hint={MSG.passwordHint}>
          {(a11y) => <PasswordInput {...a11y} autoComplete="new-password" {...form.register('password')} />}
        </Field>
        <Field label="Confirmer le mot de passe" error={errors.confirmPassword?.message}>
          {(a11y) => <PasswordInput {...a11y} autoComplete="new-password" {...form.register('confirmPassword')} />}
        </Field>
        <Button type="submit" size="lg" disabled={form.formState.isSubmitting} className="mt-2">
          {form.formState.isSubmitting ? 'Création du compte…' : "S'inscrire"}
        </Button>
      </form>
    </AuthShell>
  );
}
