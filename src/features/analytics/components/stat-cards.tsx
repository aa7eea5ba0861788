import { CheckCircle2, Clock, Heart, Images, type LucideIcon, MessageCircle, Users, XCircle } from 'lucide-react';
import type { Analytics } from '@domain/types';
import { Card } from '@/components/ui/card';
import { formatNumber } from '@/lib/format';
import { formatPercent } from '../format';

const STATS: { key: keyof Analytics['totals']; label: string; icon: LucideIcon; tone: string }[] = [
  { key: 'creatives', label: 'Créatives', icon: Images, tone: 'bg-brand-50 text-brand-700' },
  { key: 'approved', label: 'Validées', icon: CheckCircle2, tone: 'bg-emerald-50 text-emerald-700' },
  { key: 'pending', label: 'En attente', icon: Clock, tone: 'bg-amber-50 text-amber-700' },
  { key: 'rejected', label: 'Refusées', icon: XCircle, tone: 'bg-red-50 text-red-700' },
  { key: 'users', label: 'Utilisateurs', icon: Users, tone: 'bg-sky-50 text-sky-700' },
  { key: 'likes', label: "J'aime", icon: Heart, tone: 'bg-rose-50 text-rose-700' },
  { key: 'comments', label: 'Commentaires', icon: MessageCircle, tone: 'bg-violet-50 text-violet-700' },
];

/** The period's totals, then the share of creatives with at least one analysis section filled. */
export function StatCards({ analytics }: { analytics: Analytics }) {
  const analysed = Math.max(0, Math.min(100, analytics.analysedPercent));
  return (
    <div role="list" aria-label="Chiffres clés" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {STATS.map(({ key, label, icon: Icon, tone }) => (
        <Card key={key} className="flex items-center gap-2.5 p-3 sm:gap-3 sm:p-4" role="listitem">
          <span className={`flex size-8 shrink-0 items-center justify-center rounded-xl sm:size-10 ${tone}`}>
            <Icon className="size-4 sm:size-5" aria-hidden />
          </span>
          <div className="flex min-w-0 flex-col-reverse">
            <p className="text-sm leading-tight text-slate-600">{label}</p>
            <p className="text-2xl font-bold tabular-nums text-slate-900">{formatNumber(analytics.totals[key])}</p>
          </div>
        </Card>
      ))}
      <Card className="flex flex-col justify-center gap-2 p-3 sm:p-4" role="listitem">
        <div className="flex flex-col-reverse">
          <p className="text-sm text-slate-600">Créatives analysées</p>
          <p className="text-2xl font-bold tabular-nums text-slate-900">{formatPercent(analytics.analysedPercent)}</p>
        </div>
        <div aria-hidden className="h-2 w-full overflow-hidden rounded-full bg-slate-200">
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${analysed}%` }} />
        </div>
      </Card>
    </div>
  );
}
