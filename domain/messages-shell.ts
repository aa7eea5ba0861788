/**
 * The messages of the app's shell and of its API client — what the first page's script may show:
 * a refusal of the API, a page reserved to some profiles, a share link no longer valid. Apart from
 * MSG (messages.ts, which includes them) so that the first page does not carry every message of the
 * app; modules of that script import these, every other module imports MSG.
 */
export const SHELL_MSG = {
  mustBeLoggedToSubmit: 'Vous devez être connecté pour soumettre une créative',
  submitError: 'Une erreur est survenue lors de la soumission. Veuillez réessayer.',
  folderNotFound: 'Dossier introuvable',
  shareNotFound: 'Ce lien de partage n’est plus valide',
  shareExpired: 'Ce lien de partage a expiré',
  sharePasswordRequired: 'Ce lien de partage est protégé par un mot de passe',
  shareDownloadNotAllowed: 'Le téléchargement n’est pas autorisé pour ce lien',
  mediaUnavailable: 'Média non disponible',
  folderZipTooLarge: 'Ce dossier est trop volumineux pour être téléchargé en une seule archive (4 Go au plus)',
  signOutError: 'Une erreur est survenue lors de la déconnexion',
  unauthorized: 'Accès non autorisé',
  notSignedIn: 'Vous devez être connecté',
  notFound: 'Ressource introuvable',
  internal: 'Une erreur inattendue est survenue. Veuillez réessayer.',
} as const;
