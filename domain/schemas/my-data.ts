import { z } from 'zod';
import { PASSWORD_MAX } from '../limits';
import { MSG } from '../messages';

/** "Supprimer mon compte": the account's current password, to confirm. */
export const deleteAccountInput = z.object({
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(PASSWORD_MAX, MSG.passwordMax),
});
export type DeleteAccountInput = z.input<typeof deleteAccountInput>;
