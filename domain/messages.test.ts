import { describe, expect, it } from 'vitest';
import { MSG } from './messages';

/** The limit messages are built from ./limits; these are the spec's exact strings for today's limits. */
describe('limit messages', () => {
  it('state the limits of spec §9 word for word', () => {
    expect(MSG.passwordMin).toBe('Le mot de passe doit contenir au moins 6 caractères');
    expect(MSG.firstNameMax).toBe('Le prénom ne doit pas dépasser 50 caractères');
    expect(MSG.lastNameMax).toBe('Le nom ne doit pas dépasser 50 caractères');
    expect(MSG.imageTooLarge).toBe('Le fichier ne doit pas dépasser 10MB.');
    expect(MSG.videoTooLarge).toBe('Le fichier ne doit pas dépasser 50MB.');
    expect(MSG.imageDimensionsTooLarge).toBe('Image trop grande : 40 mégapixels et 10\u202f000 px de côté au maximum.');
    expect(MSG.nameMax).toBe('Le nom ne doit pas dépasser 35 caractères');
    expect(MSG.advertiserMax).toBe("Le nom de l'annonceur ne doit pas dépasser 35 caractères");
    expect(MSG.rejectionMax).toBe('Le motif du refus ne doit pas dépasser 100 caractères');
    expect(MSG.commentMax).toBe('Le commentaire ne doit pas dépasser 2000 caractères');
    expect(MSG.folderNameMax).toBe('Le nom du dossier ne doit pas dépasser 60 caractères');
  });
});
