import { useId } from 'react';
import { useWatch, type UseFormRegister } from 'react-hook-form';
import { CharCounter } from '@/components/ui/char-counter';
import { Field, Input } from '@/components/ui/field';
import type { SubmitFormControl, SubmitFormValues } from '../form-values';

/** A text input limited to `max` characters, with its remaining-characters counter. */
export function CountedTextField({
  name,
  label,
  max,
  note,
  required,
  error,
  control,
  register,
}: {
  name: 'name' | 'advertiser';
  label: string;
  max: number;
  note?: string;
  required?: boolean;
  error?: string;
  control: SubmitFormControl;
  register: UseFormRegister<SubmitFormValues>;
}) {
  const counterId = useId();
  const value = useWatch({ control, name }) ?? '';
  return (
    <Field
      label={label}
      error={error}
      hint={
        <span className="flex flex-wrap justify-between gap-x-3">
          <span>{note}</span>
          <CharCounter id={counterId} length={value.length} max={max} />
        </span>
      }
    >
      {(a11y) => <Input {...a11y} {...register(name)} maxLength={max} required={required} autoComplete="off" />}
    </Field>
  );
}
