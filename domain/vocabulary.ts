/** Vocabulary lists of spec §5. A creative stores each category as the chosen values joined by ", ". */
export const FORMATS = ['Carrousel', 'GIF', 'Motion', 'Statique', 'Vidéo'] as const;

/** The spec shows only the funnel stages; they are the objective list (see docs/decisions/003). */
export const OBJECTIVES = ['TOFU', 'MOFU', 'BOFU'] as const;

export const TYPES = [
  'ASMR',
  'Acting',
  'Avis clients',
  'Before/After',
  'Bénéfices',
  'Best-seller',
  'Comparatif',
  'Comment ça marche ?',
  'Focus produit',
  'Humour',
  'IA',
  'Micro-trottoir',
  'Podcast',
  'Post-it',
  'Preuve sociale',
  'Prix',
  'Problème/Solution',
  'Promotion',
  'Punchline',
  'Témoignage',
  'UGC',
  'Unboxing',
  'Founder',
] as const;

export const SECTORS = [
  'Animaux',
  'Automobile',
  'Application',
  'Assurance',
  'Banque/Finance',
  'Beauté',
  'Énergie',
  'Food',
  'Formation',
  'Maison/Déco',
  'Mode',
  'Saas',
  'Santé',
  'Sport',
  'Travel',
] as const;

export const PLATFORMS = ['LinkedIn', 'Google', 'DV360', 'Meta', 'TikTok', 'Snapchat', 'Pinterest'] as const;

export const CATEGORY_LISTS = {
  format: FORMATS,
  objective: OBJECTIVES,
  type: TYPES,
  sector: SECTORS,
  platform: PLATFORMS,
} as const;

export type CategoryKey = keyof typeof CATEGORY_LISTS;
export const CATEGORY_KEYS = Object.keys(CATEGORY_LISTS) as CategoryKey[];

/** French labels of the category groups (filter dialog, submit form, analytics). */
export const CATEGORY_LABELS: Record<CategoryKey, string> = {
  format: 'Format',
  objective: 'Objectif',
  type: 'Type',
  sector: 'Secteur',
  platform: 'Plateforme',
};

/** Stored form of a multi-valued category: values joined by comma and space. */
export const CATEGORY_SEPARATOR = ', ';

export function joinCategory(values: readonly string[]): string {
  return values.join(CATEGORY_SEPARATOR);
}

export function splitCategory(stored: string | null | undefined): string[] {
  if (!stored) return [];
  return stored
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

export const CREATIVE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CreativeStatus = (typeof CREATIVE_STATUSES)[number];

export const MEDIA_TYPES = ['image', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
