import type { UseFormRegister } from 'react-hook-form';
import { BADGE_LABELS } from '@/components/creative/badges';
import type { SubmitFormValues } from '../form-values';

const FLAGS = [
  { name: 'isJuntoAngel', label: BADGE_LABELS.junto },
  { name: 'testedAndApproved', label: BADGE_LABELS.tested },
] as const;

/** The 'Junto X Angel Studio' and 'Tested & approved' checkboxes. */
export function FlagFields({ register }: { register: UseFormRegister<SubmitFormValues> }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">Badges</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {FLAGS.map((flag) => (
          <label key={flag.name} className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="size-4 rounded border-slate-300 accent-brand-700" {...register(flag.name)} />
            {flag.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
