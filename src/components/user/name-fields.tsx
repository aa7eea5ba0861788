import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, Input } from '../ui/field';

type NameField = 'firstName' | 'lastName';

/**
 * 'Prénom' and 'Nom' side by side (stacked on phones), for the register and profile forms.
 * Pass the form's `register` and `formState.errors`.
 */
export function NameFields({
  register,
  errors,
}: {
  register: (name: NameField) => UseFormRegisterReturn;
  errors: Partial<Record<NameField, { message?: string }>>;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Prénom" error={errors.firstName?.message}>
        {(a11y) => <Input {...a11y} autoComplete="given-name" {...register('firstName')} />}
      </Field>
      <Field label="Nom" error={errors.lastName?.message}>
        {(a11y) => <Input {...a11y} autoComplete="family-name" {...register('lastName')} />}
      </Field>
    </div>
  );
}
