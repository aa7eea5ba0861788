/** Plain members of the demo library: they like and comment (no password: they cannot sign in). */
export const DEMO_MEMBERS: [string, string][] = [
  ['Chloé', 'Bernard'], ['Hugo', 'Petit'], ['Inès', 'Robert'], ['Lucas', 'Richard'], ['Manon', 'Durand'],
  ['Nathan', 'Leroy'], ['Emma', 'Moreau'], ['Louis', 'Simon'], ['Jade', 'Michel'], ['Gabriel', 'Lefebvre'],
  ['Louise', 'Garcia'], ['Arthur', 'David'], ['Alice', 'Bertrand'], ['Jules', 'Roux'], ['Lina', 'Vincent'],
  ['Raphaël', 'Fournier'], ['Rose', 'Morel'], ['Adam', 'Girard'], ['Anna', 'André'], ['Tom', 'Mercier'],
];

export const DEMO_COMMENTS: string[] = [
  'Le hook est redoutable, on a testé le même angle chez nous : +18 % de CTR.',
  'Très propre. J’aurais juste mis le prix plus tôt.',
  'Le format vertical marche beaucoup mieux que la version carrée, merci pour l’analyse !',
  'On sent le vrai UGC, pas la mise en scène. C’est ce qui fait la différence.',
  'Je partage avec mon équipe créa, c’est exactement le niveau de preuve qu’il nous manque.',
  'La typo est un peu petite sur mobile, non ?',
  'Superbe exemple de problème/solution en moins de 5 secondes.',
  'Quelqu’un sait si ça tourne aussi sur TikTok ?',
  'L’appel à l’action est clair, rien à redire.',
  'Bonne idée de montrer le produit en situation plutôt que sur fond blanc.',
];
