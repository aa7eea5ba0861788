import type { DemoCreative } from './demo-catalog';

/** French analyses written from a creative's own fields, at three levels of completeness. */
export interface DemoAnalysis {
  attention: string;
  interest: string;
  desire: string;
  bestPractices: string[];
  actions: string[];
}

const EMPTY: DemoAnalysis = { attention: '', interest: '', desire: '', bestPractices: [], actions: [] };

const HOOKS: ((c: DemoCreative) => string)[] = [
  (c) =>
    `Les trois premières secondes posent le problème avant le produit : ${c.advertiser} montre une situation que la cible reconnaît immédiatement, ce qui arrête le scroll sans avoir besoin de son ni de logo en gros plan.`,
  (c) =>
    `Le titre « ${c.name} » fonctionne comme une promesse chiffrée ou concrète. Il est lisible en moins d’une seconde sur mobile et se comprend même en lecture partielle, dans le fil comme en story.`,
  (c) =>
    `Le format ${c.format.join(' / ').toLowerCase()} est exploité jusqu’au bout : contraste fort, un seul message par écran et une hiérarchie typographique nette qui guide l’œil du bénéfice vers l’appel à l’action.`,
  (c) =>
    `L’angle ${c.type[0]?.toLowerCase()} rend la marque humaine : on ne vend pas un produit, on raconte un moment de vie. C’est ce qui distingue ${c.advertiser} de concurrents qui parlent encore d’eux-mêmes.`,
];

const ACTIONS: ((c: DemoCreative) => string)[] = [
  (c) => `Tester une variante avec le bénéfice principal dans les deux premières secondes pour ${c.platform[0]}.`,
  () => 'Ajouter des sous-titres incrustés : une grande partie des vues se fait sans le son.',
  (c) => `Décliner le visuel en ${c.format.includes('Carrousel') ? 'story verticale' : 'carrousel'} pour retoucher l’audience chaude.`,
];

export function demoAnalysis(c: DemoCreative, index: number): DemoAnalysis {
  if (c.analysis === 'none') return EMPTY;
  const hooks = [0, 1, 2].map((k) => HOOKS[(index + k) % HOOKS.length]!(c));
  const attention = `Le message tient en une phrase : ${c.advertiser} promet un résultat concret au ${c.sector.join(' et ').toLowerCase()}, sans jargon. La marque apparaît tôt mais discrètement, ce qui renforce la mémorisation sans casser l’attention.`;
  if (c.analysis === 'partial') return { ...EMPTY, attention, bestPractices: hooks.slice(0, 2) };
  return {
    attention,
    interest: `Le produit est montré en situation réelle, avec un bénéfice tangible plutôt qu’une liste de caractéristiques. Les preuves (${c.type.includes('Preuve sociale') || c.type.includes('Avis clients') ? 'avis, notes, volumes clients' : 'démonstration, chiffres clés'}) arrivent au bon moment pour lever les objections.`,
    desire: `Les mentions obligatoires sont présentes et lisibles, aucune allégation excessive : la créative respecte les règles publicitaires de ${c.platform.join(', ')} et celles du secteur.`,
    bestPractices: hooks,
    actions: ACTIONS.map((f) => f(c)),
  };
}
