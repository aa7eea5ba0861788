import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { MSG } from '@domain/messages';
import { passwordChangeInput, type PasswordChangeInput } from '@domain/schemas/auth';
import { Button } from '@/components/ui/button';
import { Field, PasswordInput } from '@/components/ui/field';
import { toast } from '@/components/ui/toaster';
import { retryLaterMessage } from '@/lib/errors';
import { applyFieldErrors } from '@/lib/form-errors';
import { useChangePassword } from '../api/change-password';

const EMPTY: PasswordChangeInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm() {
  const change = useChangePassword();
  const form = useForm<PasswordChangeInput>({ resolver: zodResolver(passwordChangeInput), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset(EMPTY);
      toast.success(MSG.passwordUpdated);
    } catch (error) {
      if (applyFieldErrors(error, form.setError, ['currentPassword', 'newPassword', 'confirmPassword'])) {
        if (form.getFieldState('currentPassword').error) toast.error(MSG.wrongCurrentPassword);
      } else {
        toast.error(retryLaterMessage(error) ?? MSG.passwordError);
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field label="Mot de passe actuel" error={errors.currentPassword?.message}>
        {(a11y) => <PasswordInput {...a11y} autoComplete="current-password" {...form.register('currentPassword')} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Nouveau mot de passe" error={errors.newPassword?.message} hint={MSG.passwordHint}>
          {(a11y) => <PasswordInput {...a11y} autoComplete="new-password" {...form.register('newPassword')} />}
        </Field>
        <Field label="Confirmer le nouveau mot de passe" error={errors.confirmPassword?.message}>
          {(a11y) => <PasswordInput {...a11y} autoComplete="new-password" {...form.register('confirmPassword')} />}
        </Field>
      </div>
      <div>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Mise à jour…' : 'Changer le mot de passe'}
        </Button>
      </div>
    </form>
  );
}
