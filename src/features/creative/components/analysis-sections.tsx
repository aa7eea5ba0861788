import { Link } from 'react-router';
import type { Analysis } from '@domain/types';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';

const EMPTY = 'Non renseigné';

function Section({ title, children, empty }: { title: string; children: React.ReactNode; empty: boolean }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5">
      <h3 className="mb-2 text-sm font-bold tracking-wide text-brand-700">{title}</h3>
      {empty ? <p className="text-sm italic text-slate-500">{EMPTY}</p> : children}
    </section>
  );
}

function Lines({ lines }: { lines: string[] }) {
  return (
    <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-slate-700">
      {lines.map((l, i) => (
        <li key={i}>{l}</li>
      ))}
    </ul>
  );
}

function Text({ value }: { value: string }) {
  return <p className="whitespace-pre-line text-sm text-slate-700">{value}</p>;
}

/** The five analysis sections of spec §2, 'Non renseigné' when empty. */
export function AnalysisSections({ analysis }: { analysis: Analysis }) {
  return (
    <div className="flex flex-col gap-3">
      <Section title="HOOK" empty={analysis.bestPractices.length === 0}>
        <Lines lines={analysis.bestPractices} />
      </Section>
      <Section title="MESSAGE" empty={!analysis.attention.trim()}>
        <Text value={analysis.attention} />
      </Section>
      <Section title="DÉSIRABILITÉ" empty={!analysis.interest.trim()}>
        <Text value={analysis.interest} />
      </Section>
      <Section title="CONFORMITÉ" empty={!analysis.desire.trim()}>
        <Text value={analysis.desire} />
      </Section>
      <Section title="LE TRUC EN PLUS" empty={analysis.actions.length === 0}>
        <Lines lines={analysis.actions} />
      </Section>
    </div>
  );
}

/** What a visitor sees instead of the analysis. */
export function AnalysisLoginPrompt() {
  return (
    <div className="flex flex-col items-start gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-6">
      <h3 className="text-base font-semibold text-brand-900">L'analyse complète est réservée aux membres</h3>
      <p className="text-sm text-brand-900/80">
        Connectez-vous ou inscrivez-vous gratuitement pour lire le hook, le message, la désirabilité, la conformité et le truc en plus de
        cette créa.
      </p>
      <div className="flex gap-2">
        <Link to={paths.login} className={buttonVariants()}>
          Connexion
        </Link>
        <Link to={paths.register} className={buttonVariants({ variant: 'outline' })}>
          Inscription
        </Link>
      </div>
    </div>
  );
}
