import { eq } from 'drizzle-orm';
import type { Role } from '@domain/roles';
import type { Auth } from '@server/auth/auth';
import type { Db } from '../client';
import { user } from '../schema';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS: { email: string; firstName: string; lastName: string; role: Role }[] = [
  { email: 'admin@example.com', firstName: 'Camille', lastName: 'Laurent', role: 'admin' },
  { email: 'specialiste@example.com', firstName: 'Julien', lastName: 'Moreau', role: 'specialist' },
  { email: 'agence@example.com', firstName: 'Sophie', lastName: 'Dubois', role: 'agency' },
  { email: 'utilisateur@example.com', firstName: 'Léa', lastName: 'Martin', role: 'user' },
];

/** Creates an account through better-auth (real password hash), then sets its role. Returns the user id. */
export async function createAccount(
  db: Db,
  auth: Auth,
  account: { email: string; firstName: string; lastName: string; role: Role; password?: string },
): Promise<string> {
  const result = await auth.api.signUpEmail({
    body: {
      email: account.email,
      password: account.password ?? DEMO_PASSWORD,
      name: `${account.firstName} ${account.lastName}`,
      firstName: account.firstName,
      lastName: account.lastName,
    },
  });
  const id = result.user.id;
  if (account.role !== 'user') await db.update(user).set({ role: account.role }).where(eq(user.id, id));
  return id;
}
