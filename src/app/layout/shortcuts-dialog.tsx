import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { SHORTCUTS } from '@/lib/shortcuts';

/** 'Raccourcis clavier': every shortcut of lib/shortcuts.ts. Loaded on first open. */
export default function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogTitle>Raccourcis clavier</DialogTitle>
        <DialogDescription>Ils ne s'appliquent pas pendant la saisie dans un champ.</DialogDescription>
        <dl className="flex flex-col divide-y divide-slate-100">
          {SHORTCUTS.map((s) => (
            <div key={s.id} className="flex items-center justify-between gap-4 py-2.5">
              <dt className="flex flex-col">
                <span className="text-sm font-medium text-slate-900">{s.description}</span>
                <span className="text-xs text-slate-600">{s.where}</span>
              </dt>
              <dd>
                <kbd className="inline-flex min-w-8 items-center justify-center rounded-md border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-sm text-slate-800 shadow-[inset_0_-1px_0_rgb(203_213_225)]">
                  {s.label}
                </kbd>
              </dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
