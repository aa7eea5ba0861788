import { useId } from 'react';
import { useController } from 'react-hook-form';
import { CATEGORY_LABELS, CATEGORY_LISTS, type CategoryKey } from '@domain/vocabulary';
import { ToggleChip } from '@/components/ui/chip';
import type { CategoryValues, SubmitFormControl } from '../form-values';

/** One category as toggle chips in a fieldset; at least one value is required (alert under the group). */
export function CategoryField<K extends CategoryKey>({ name, control }: { name: K; control: SubmitFormControl }) {
  const errorId = useId();
  const { field, fieldState } = useController({ control, name });
  const selected = (field.value ?? []) as readonly string[];
  const toggle = (value: string) => {
    const next = selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value];
    field.onChange(next as CategoryValues<K>);
  };
  const error = fieldState.error?.message;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined} aria-invalid={Boolean(error)}>
      <legend className="mb-2 text-sm font-semibold text-slate-900">
        {CATEGORY_LABELS[name]}{' '}
        <span className="font-normal text-slate-500">
          ({selected.length} sélectionné{selected.length > 1 ? 's' : ''})
        </span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {CATEGORY_LISTS[name].map((value, i) => (
          <ToggleChip
            key={value}
            ref={i === 0 ? field.ref : undefined}
            selected={selected.includes(value)}
            onClick={() => toggle(value)}
            onBlur={field.onBlur}
          >
            {value}
          </ToggleChip>
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
