import { useId } from 'react';
import { useWatch, type UseFormRegister } from 'react-hook-form';
import { MEDIA_TEXT_MAX } from '@domain/limits';
import { CharCounter } from '@/components/ui/char-counter';
import { Field, Textarea } from '@/components/ui/field';
import type { SubmitFormControl, SubmitFormValues } from '../form-values';

/**
 * 'Texte de la créative' in the staff's edit form: the words read in the media, one line per line
 * read, to correct. No maxLength: a pasted text longer than MEDIA_TEXT_MAX stays visible, the counter
 * turns red and the form says by how much at submission (MSG.mediaTextMax).
 */
export function MediaTextField({
  error,
  control,
  register,
}: {
  error?: string;
  control: SubmitFormControl;
  register: UseFormRegister<SubmitFormValues>;
}) {
  const counterId = useId();
  const value = useWatch({ control, name: 'mediaText' }) ?? '';
  return (
    <Field
      label="Texte de la créative"
      error={error}
      hint={
        <span className="flex flex-wrap justify-between gap-x-3">
          <span>Les mots lus dans le média, une ligne par ligne lue : la recherche les trouve comme le nom.</span>
          <CharCounter id={counterId} length={value.length} max={MEDIA_TEXT_MAX} />
        </span>
      }
    >
      {(a11y) => <Textarea {...a11y} rows={6} {...register('mediaText')} spellCheck autoComplete="off" />}
    </Field>
  );
}
