import { SHELL_MSG } from './messages-shell';
import { NOTE_MAX, SHARE_PASSWORD_MIN } from './shares';
import {
  ADVERTISER_MAX,
  COMMENT_MAX,
  FOLDER_NAME_MAX,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_MAX_SIDE,
  NAME_MAX,
  MEDIA_TEXT_MAX,
  NAME_PART_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  REJECTION_REASON_MAX,
  VIDEO_MAX_BYTES,
} from './limits';

/** A byte limit as the spec writes it: '10MB'. */
const megabytes = (bytes: number) => `${bytes / (1024 * 1024)}MB`;
/** A picture size limit in French: '40 mégapixels et 10 000 px de côté au maximum'. */
const pictureLimit = `${IMAGE_MAX_PIXELS / 1_000_000} mégapixels et ${/* @__PURE__ */ IMAGE_MAX_SIDE.toLocaleString('fr-FR')} px de côté au maximum`;

/** A wait in whole seconds as a person says it: '1 seconde', '45 secondes', '2 minutes', '1 heure'. */
function wait(seconds: number): string {
  const [n, unit] =
    seconds < 60 ? [seconds, 'seconde'] : seconds < 3600 ? [Math.ceil(seconds / 60), 'minute'] : [Math.ceil(seconds / 3600), 'heure'];
  return `${n} ${unit}${n > 1 ? 's' : ''}`;
}

/**
 * Every user-facing French message of the spec (§5, §8), written once.
 * Schemas, server errors and the UI all read them from here. A message that states a limit
 * builds it from the constant in ./limits, so the limit changes in one edit.
 */
export const MSG = {
  ...SHELL_MSG,
  emailRequired: "L'email est requis",
  emailInvalid: 'Adresse email invalide',
  passwordRequired: 'Le mot de passe est requis',
  passwordMin: `Le mot de passe doit contenir au moins ${PASSWORD_MIN} caractères`,
  passwordHint: `${PASSWORD_MIN} caractères minimum`,
  passwordMax: `Le mot de passe ne doit pas dépasser ${PASSWORD_MAX} caractères`,
  firstNameRequired: 'Le prénom est requis',
  lastNameRequired: 'Le nom est requis',
  firstNameMax: `Le prénom ne doit pas dépasser ${NAME_PART_MAX} caractères`,
  lastNameMax: `Le nom ne doit pas dépasser ${NAME_PART_MAX} caractères`,
  confirmRequired: 'Veuillez confirmer votre mot de passe',
  passwordsMismatch: 'Les mots de passe ne correspondent pas',
  currentPasswordRequired: 'Le mot de passe actuel est requis',

  invalidCredentials: 'Email ou mot de passe incorrect',
  loginError: 'Une erreur est survenue lors de la connexion',
  emailTaken: 'Cette adresse email est déjà utilisée',
  weakPassword: 'Le mot de passe est trop faible',
  registerError: "Une erreur est survenue lors de l'inscription. Veuillez réessayer.",

  profileUpdated: 'Profil mis à jour avec succès',
  profileError: 'Une erreur est survenue lors de la mise à jour du profil',
  // Notification centre (issue 19).
  notificationPrefsSaved: 'Préférences de notification enregistrées',
  notificationPrefsError: "Une erreur est survenue lors de l'enregistrement des préférences",
  notificationsError: 'Impossible de charger les notifications',
  noNotifications: 'Aucune notification',
  passwordUpdated: 'Mot de passe mis à jour avec succès',
  wrongCurrentPassword: 'Le mot de passe actuel est incorrect',
  passwordError: 'Une erreur est survenue lors de la mise à jour du mot de passe',

  /** Forgotten password (issue 19): the login page's link, the two pages, the e-mail. */
  forgotPasswordLink: 'Mot de passe oublié ?',
  resetRequested: 'Si un compte existe pour cette adresse, un e-mail vient de lui être envoyé.',
  resetRequestError: "Une erreur est survenue lors de l'envoi de l'e-mail. Veuillez réessayer.",
  resetTooManyForAddress: (seconds: number) =>
    `Trop de demandes de réinitialisation pour cette adresse email. Réessayez dans ${wait(seconds)}.`,
  resetLinkInvalid: "Ce lien n'est plus valide. Demandez un nouvel e-mail.",
  resetLinkMissing: 'Ce lien est incomplet. Ouvrez le lien de l’e-mail reçu, ou demandez un nouvel e-mail.',
  passwordResetDone: 'Mot de passe réinitialisé. Connectez-vous avec votre nouveau mot de passe.',
  resetError: 'Une erreur est survenue lors de la réinitialisation du mot de passe.',

  /** The account page's list of signed-in devices. */
  sessionsTitle: 'Appareils connectés',
  thisDevice: 'Cet appareil',
  signOutOtherDevices: 'Déconnecter les autres appareils',
  otherDevicesSignedOut: 'Les autres appareils ont été déconnectés',
  sessionsError: 'Une erreur est survenue lors de la déconnexion des autres appareils',
  sessionsLoadError: 'Impossible de charger la liste des appareils connectés.',
  sessionsThisDeviceOnly:
    'Seul cet appareil peut être affiché ici. Le bouton déconnecte tous les autres navigateurs où votre compte est ouvert.',
  sessionRevoked: 'Votre session a été fermée depuis un autre appareil. Veuillez vous reconnecter.',

  mediaRequired: 'Un média est requis',
  mediaInvalidType: 'Format de fichier non valide. Utilisez JPG, PNG, WebP pour les images ou MP4, WebM, MOV pour les vidéos.',
  imageTooLarge: `Le fichier ne doit pas dépasser ${/* @__PURE__ */ megabytes(IMAGE_MAX_BYTES)}.`,
  videoTooLarge: `Le fichier ne doit pas dépasser ${/* @__PURE__ */ megabytes(VIDEO_MAX_BYTES)}.`,
  imageUnreadable: 'Image illisible ou corrompue. Vérifiez le fichier ou exportez-le à nouveau en JPG, PNG ou WebP.',
  videoUnreadable: 'Vidéo illisible ou corrompue. Vérifiez le fichier ou exportez-le à nouveau en MP4, WebM ou MOV.',
  imageDimensionsTooLarge: `Image trop grande : ${pictureLimit}.`,
  videoDimensionsTooLarge: `Vidéo trop grande : ${pictureLimit} par image.`,
  oneMediaOnly: 'Un seul fichier média par créative',
  uploadFormInvalid: 'Le formulaire envoyé est mal formé. Rechargez la page et réessayez.',
  fieldRequired: 'Ce champ est requis',
  nameMax: `Le nom ne doit pas dépasser ${NAME_MAX} caractères`,
  advertiserMax: `Le nom de l'annonceur ne doit pas dépasser ${ADVERTISER_MAX} caractères`,
  mediaTextMax: `Le texte de la créative ne doit pas dépasser ${MEDIA_TEXT_MAX} caractères`,
  mediaTextStaffOnly: 'Seuls les spécialistes et les administrateurs peuvent corriger le texte de la créative',
  /** Firebase mode on local emulators without a Storage emulator (npm run start:firebase). */
  uploadsUnavailable:
    "Le dépôt de fichiers n'est pas disponible dans ce mode local : l'émulateur Firebase Storage ne fonctionne pas sur cette machine.",
  selectAtLeastOne: {
    format: 'Veuillez sélectionner au moins un format',
    objective: 'Veuillez sélectionner au moins un objectif',
    type: 'Veuillez sélectionner au moins un type',
    sector: 'Veuillez sélectionner au moins un secteur',
    platform: 'Veuillez sélectionner au moins une plateforme',
  },
  adminFieldRequired: 'This field is required',
  adminImageUrl: 'Please enter a valid URL',
  adminSuccess: 'Creative added successfully!',
  adminError: 'Error adding creative. Please try again.',
  editError: 'Une erreur est survenue lors de la mise à jour.',

  rejectionRequired: 'Le motif du refus est requis',
  rejectionMax: `Le motif du refus ne doit pas dépasser ${REJECTION_REASON_MAX} caractères`,
  analystRequired: "Le prénom de l'analyste est requis",
  ratingRequired: 'Veuillez attribuer au moins une étoile',
  featureSuccess: 'Créative mise en avant avec succès',
  featureError: 'Une erreur est survenue lors de la mise en avant',
  featureNotApproved: 'Seules les créatives validées peuvent être mises en avant',
  reviewNotAllowed: 'Cette action n’est pas possible pour le statut actuel de la créative',

  commentRequired: 'Le commentaire ne peut pas être vide',
  commentMax: `Le commentaire ne doit pas dépasser ${COMMENT_MAX} caractères`,
  commentError: "Une erreur est survenue lors de l'ajout du commentaire.",
  folderNameRequired: 'Le nom du dossier est requis',
  folderNameMax: `Le nom du dossier ne doit pas dépasser ${FOLDER_NAME_MAX} caractères`,
  noteMax: `La note ne peut pas dépasser ${NOTE_MAX} caractères`,
  noteSaved: 'Note enregistrée',
  noteError: 'Une erreur est survenue lors de l’enregistrement de la note.',
  sharePasswordWrong: 'Mot de passe incorrect',
  sharePasswordRequiredField: 'Saisissez le mot de passe',
  sharePasswordMin: `Le mot de passe doit contenir au moins ${SHARE_PASSWORD_MIN} caractères`,
  sharePasswordHint: `Au moins ${SHARE_PASSWORD_MIN} caractères`,
  /** The same two, for a backend's own minimum (Gateway features.sharePasswordMin). */
  sharePasswordMinOf: (min: number) => `Le mot de passe doit contenir au moins ${min} caractères`,
  sharePasswordHintOf: (min: number) => `Au moins ${min} caractères`,
  shareUnlockTooManyForLink: (seconds: number) => `Trop d'essais pour ce lien. Réessayez dans ${wait(seconds)}.`,
  sharePasswordMax: `Le mot de passe ne doit pas dépasser ${PASSWORD_MAX} caractères`,
  shareExpiryPast: 'La date d’expiration doit être dans le futur',
  shareCreated: 'Lien de partage créé',
  shareCopied: 'Lien copié dans le presse-papiers',
  shareCopyError: 'Impossible de copier le lien. Copiez-le à la main.',
  shareRevoked: 'Lien de partage révoqué',
  shareRevokeConfirm: 'Révoquer ce lien ? Les personnes qui l’ont reçu ne pourront plus ouvrir le dossier.',
  shareError: 'Une erreur est survenue lors du partage.',
  sharesUnavailable: 'Le partage par lien n’est pas disponible avec ce backend.',

  creativeNotFound: 'Créative non trouvée',
  facetCountsUnavailable: 'Le décompte des créas par filtre n’est pas disponible avec ce backend.',
  duplicateCheckUnavailable: 'La détection des doublons n’est pas disponible avec ce backend.',
  /** Issue 18, verbatim: the submit form's warning when the chosen file matches a creative. */
  duplicateFound: 'Cette créative semble déjà présente',
  deleteCreativeConfirm: 'Êtes-vous sûr de vouloir supprimer cette créative ?',
  deleteError: 'Une erreur est survenue lors de la suppression.',
  creativeDeleted: 'Créative supprimée avec succès',
  creativeDeleteError: 'Une erreur est survenue lors de la suppression',
  downloadError: 'Une erreur est survenue lors du téléchargement',
  creativeApproved: 'Créative approuvée',
  creativeRejected: 'Créative refusée',
  creativeUpdated: 'Créative mise à jour avec succès',
  creativePublished: 'Créative publiée avec succès',

  roleUpdateError: 'Une erreur est survenue lors de la mise à jour du rôle.',
  deleteUserConfirm: 'Êtes-vous sûr de vouloir supprimer cet utilisateur ?',
  noMatchingUser: 'Aucun utilisateur ne correspond à vos critères de recherche',
  cannotChangeOwnRole: 'Vous ne pouvez pas modifier votre propre rôle',
  cannotDeleteSelf: 'Vous ne pouvez pas supprimer votre propre compte',
  userNotFound: 'Utilisateur introuvable',
  roleUpdated: (name: string, role: string) => `Rôle de ${name} : ${role}`,
  userDeleted: (name: string) => `Utilisateur supprimé : ${name}`,

  forbidden: "Vous n'avez pas les droits nécessaires pour cette action",
  invalidInput: 'Données invalides',
  invalidCharacters: 'Ce texte contient des caractères non autorisés',
  controlCharacters: 'Ce nom contient des caractères de contrôle non autorisés',
  textMax: (max: number) => `Ce texte ne doit pas dépasser ${max} caractères`,
  tooManyItems: (max: number) => `Pas plus de ${max} éléments`,
  unknownValue: 'Valeur inconnue',
  unknownFilterValue: 'Valeur de filtre inconnue',
  unknownRole: 'Rôle inconnu',
  invalidCursor: 'Curseur de pagination invalide',
  rateLimited: 'Trop de tentatives. Réessayez dans quelques instants.',
  rateLimitedFor: (seconds: number) => `Trop de tentatives. Réessayez dans ${wait(seconds)}.`,
  tooManyWrites: (seconds: number) => `Trop d'actions en peu de temps. Réessayez dans ${wait(seconds)}.`,
  signInBackoff: (seconds: number) => `Trop de tentatives de connexion avec cette adresse email. Réessayez dans ${wait(seconds)}.`,
  overloaded: 'Le service est momentanément surchargé. Réessayez dans quelques instants.',
  signInUnavailable: 'La connexion est momentanément indisponible. Réessayez dans quelques instants.',
  metricsTokenInvalid: 'Jeton de métriques manquant ou invalide',

  // My data (issue 19: export, self-deletion).
  exportMyData: 'Exporter mes données',
  exportMyDataError: "Une erreur est survenue lors de l'export de vos données",
  deleteMyAccount: 'Supprimer mon compte',
  deleteAccountPasswordWrong: 'Le mot de passe est incorrect',
  lastAdminCannotLeave: 'Vous êtes le dernier administrateur : nommez un autre administrateur avant de supprimer votre compte',
  accountDeleted: 'Votre compte a été supprimé',
  accountDeleteError: 'Une erreur est survenue lors de la suppression du compte',
} as const;
