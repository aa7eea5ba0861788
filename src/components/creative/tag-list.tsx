import { splitCategory, CATEGORY_KEYS } from '@domain/vocabulary';
import type { Creative } from '@domain/types';
import { Chip } from '../ui/chip';

/** Tag chips of every category of a creative (format, objective, type, sector, platform). */
export function TagList({ creative, max }: { creative: Creative; max?: number }) {
  const tags = CATEGORY_KEYS.flatMap((key) => splitCategory(creative[key]).map((value) => ({ key, value })));
  const shown = max ? tags.slice(0, max) : tags;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Catégories">
      {shown.map((t) => (
        <li key={`${t.key}-${t.value}`}>
          <Chip>{t.value}</Chip>
        </li>
      ))}
      {max && tags.length > max ? (
        <li>
          <Chip className="bg-white">+{tags.length - max}</Chip>
        </li>
      ) : null}
    </ul>
  );
}
