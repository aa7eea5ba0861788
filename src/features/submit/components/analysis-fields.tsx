import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field, Textarea } from '@/components/ui/field';
import type { SubmitFormValues } from '../form-values';

const SECTIONS = [
  { name: 'bestPractices', label: 'HOOK', hint: 'Une idée par ligne ; les lignes vides sont ignorées.' },
  { name: 'attention', label: 'MESSAGE' },
  { name: 'interest', label: 'DÉSIRABILITÉ' },
  { name: 'desire', label: 'CONFORMITÉ' },
  { name: 'actions', label: 'LE TRUC EN PLUS', hint: 'Une idée par ligne ; les lignes vides sont ignorées.' },
] as const;

/** The five optional analysis text areas, in the order of the detail page. */
export function AnalysisFields({
  register,
  errors,
}: {
  register: UseFormRegister<SubmitFormValues>;
  errors: FieldErrors<SubmitFormValues>;
}) {
  return (
    <div className="flex flex-col gap-4">
      {SECTIONS.map((section) => (
        <Field
          key={section.name}
          label={section.label}
          hint={'hint' in section ? section.hint : undefined}
          error={errors[section.name]?.message}
        >
          {(a11y) => <Textarea {...a11y} rows={4} {...register(section.name)} />}
        </Field>
      ))}
    </div>
  );
}
