/** Who acts in a drill or a soak: the accounts it registers, the demo agency and specialist, the creatives. */
import { randomBytes } from 'node:crypto';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@server/db/seed/accounts';
import { signIn, type Balancer, type Cast } from './workload';

export type DrillCast = Cast & { probe: { email: string; password: string }; staffCookie: string };

/**
 * Plain users registered for the drill (and the probe's), the demo agency (twice), the demo
 * specialist's session (for the live counts) and the approved creatives to act on.
 */
export async function castOf(balancer: Balancer, users: number, agencies: number): Promise<DrillCast> {
  const password = 'exercice-2026';
  const tag = randomBytes(3).toString('hex');
  // One more than the clients: the recovery probe's own, so its like and unlike touch no client's ledger.
  const accounts = Array.from({ length: users + 1 }, (_, i) => ({ email: `exercice-${tag}-${i}@example.com`, password }));
  for (const [i, account] of accounts.entries()) {
    const res = await balancer.fetch('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Exercice', lastName: `N${i}`, email: account.email, password, confirmPassword: password }),
    });
    if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  }
  const agency = DEMO_ACCOUNTS.find((a) => a.role === 'agency')!;
  const specialist = DEMO_ACCOUNTS.find((a) => a.role === 'specialist')!;
  const gallery = (await (await balancer.fetch('/api/creatives?sort=recent')).json()) as { items: { id: string }[] };
  return {
    users: accounts.slice(0, users),
    probe: accounts[users]!,
    agencies: Array.from({ length: agencies }, () => ({ email: agency.email, password: DEMO_PASSWORD })),
    creativeIds: gallery.items.map((c) => c.id),
    staffCookie: (await signIn(balancer, { email: specialist.email, password: DEMO_PASSWORD })).cookie,
  };
}
