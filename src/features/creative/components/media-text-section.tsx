import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '@/lib/cn';

export const MEDIA_TEXT_TITLE = 'Texte de la créative';

/**
 * 'Texte de la créative' on a creative's page: the words its media shows (read by the OCR, or as the
 * staff corrected them), one line per line read, behind a disclosure closed by default — the text is
 * a search aid, not the page's content. Nothing at all when no text was read.
 */
export function MediaTextSection({ text }: { text: string | undefined }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const regionId = `${id}-text`;
  const buttonId = `${id}-toggle`;
  if (!text?.trim()) return null;
  return (
    <section className="rounded-2xl border border-slate-200 bg-white">
      <h2 className="text-base">
        <button
          id={buttonId}
          type="button"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between gap-3 rounded-2xl px-5 py-4 text-left font-bold text-slate-900 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
        >
          {MEDIA_TEXT_TITLE}
          <ChevronDown className={cn('size-5 shrink-0 text-slate-500 transition-transform', open && 'rotate-180')} aria-hidden />
        </button>
      </h2>
      <div id={regionId} role="region" aria-labelledby={buttonId} hidden={!open} className="px-5 pb-5">
        <p className="whitespace-pre-line break-words text-sm leading-relaxed text-slate-700">{text.trim()}</p>
      </div>
    </section>
  );
}
