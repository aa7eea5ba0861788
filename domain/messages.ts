/**
 * Every user-facing French message of the spec (§5, §8), written once.
 * Schemas, server errors and the UI all read them from here.
 */
export const MSG = {
  emailRequired: "L'email est requis",
  emailInvalid: 'Adresse email invalide',
  passwordRequired: 'Le mot de passe est requis',
  passwordMin: 'Le mot de passe doit contenir au moins 6 caractères',
  firstNameRequired: 'Le prénom est requis',
  lastNameRequired: 'Le nom est requis',
  firstNameMax: 'Le prénom ne doit pas dépasser 50 caractères',
  lastNameMax: 'Le nom ne doit pas dépasser 50 caractères',
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
  passwordUpdated: 'Mot de passe mis à jour avec succès',
  wrongCurrentPassword: 'Le mot de passe actuel est incorrect',
  passwordError: 'Une erreur est survenue lors de la mise à jour du mot de passe',

  mediaRequired: 'Un média est requis',
  mediaInvalidType:
    'Format de fichier non valide. Utilisez JPG, PNG, WebP pour les images ou MP4, WebM, MOV pour les vidéos.',
  imageTooLarge: 'Le fichier ne doit pas dépasser 10MB.',
  videoTooLarge: 'Le fichier ne doit pas dépasser 50MB.',
  fieldRequired: 'Ce champ est requis',
  nameMax: 'Le nom ne doit pas dépasser 35 caractères',
  advertiserMax: "Le nom de l'annonceur ne doit pas dépasser 35 caractères",
  mustBeLoggedToSubmit: 'Vous devez être connecté pour soumettre une créative',
  submitError: 'Une erreur est survenue lors de la soumission. Veuillez réessayer.',
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
  rejectionMax: 'Le motif du refus ne doit pas dépasser 100 caractères',
  analystRequired: "Le prénom de l'analyste est requis",
  ratingRequired: 'Veuillez attribuer au moins une étoile',
  featureSuccess: 'Créative mise en avant avec succès',
  featureError: 'Une erreur est survenue lors de la mise en avant',

  commentRequired: 'Le commentaire ne peut pas être vide',
  commentError: "Une erreur est survenue lors de l'ajout du commentaire.",
  folderNameRequired: 'Le nom du dossier est requis',

  creativeNotFound: 'Créative non trouvée',
  deleteCreativeConfirm: 'Êtes-vous sûr de vouloir supprimer cette créative ?',
  deleteError: 'Une erreur est survenue lors de la suppression.',
  creativeDeleted: 'Créative supprimée avec succès',
  creativeDeleteError: 'Une erreur est survenue lors de la suppression',
  downloadError: 'Une erreur est survenue lors du téléchargement',

  roleUpdateError: 'Une erreur est survenue lors de la mise à jour du rôle.',
  deleteUserConfirm: 'Êtes-vous sûr de vouloir supprimer cet utilisateur ?',
  noMatchingUser: 'Aucun utilisateur ne correspond à vos critères de recherche',
  unauthorized: 'Accès non autorisé',
  cannotChangeOwnRole: 'Vous ne pouvez pas modifier votre propre rôle',
  cannotDeleteSelf: 'Vous ne pouvez pas supprimer votre propre compte',

  notSignedIn: 'Vous devez être connecté',
  forbidden: "Vous n'avez pas les droits nécessaires pour cette action",
  notFound: 'Ressource introuvable',
  invalidInput: 'Données invalides',
  rateLimited: 'Trop de tentatives. Réessayez dans quelques instants.',
  internal: 'Une erreur inattendue est survenue. Veuillez réessayer.',
} as const;
