import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { MSG } from '@domain/messages';
import { profileInput, type ProfileInput } from '@domain/schemas/auth';
import type { User } from '@domain/types';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { toast } from '@/components/ui/toaster';
import { retryLaterMessage } from '@/lib/errors';
import { NameFields } from '@/components/user/name-fields';
import { applyFieldErrors } from '@/lib/form-errors';
import { useUpdateProfile } from '../api/update-profile';

export function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileInput),
    values: { firstName: user.firstName, lastName: user.lastName },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast.success(MSG.profileUpdated);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['firstName', 'lastName'])) toast.error(retryLaterMessage(error) ?? MSG.profileError);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <NameFields register={form.register} errors={errors} />
      <Field label="Email" hint="L'adresse email ne peut pas être modifiée.">
        {(a11y) => <Input {...a11y} type="email" value={user.email} readOnly disabled />}
      </Field>
      <div>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Enregistrement…' : 'Enregistrer le profil'}
        </Button>
      </div>
    </form>
  );
}
