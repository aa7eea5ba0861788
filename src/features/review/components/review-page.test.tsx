import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Creative, Page, User } from '@domain/types';
import type { PageQuery } from '@/gateway/types';
import { aCreative } from '@/testing/creative';
import { fakeGateway } from '@/testing/fake-gateway';
import { renderWithProviders } from '@/testing/render';
import { ReviewPage } from './review-page';

vi.mock('@/components/ui/toaster', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const specialist: User = {
  id: 's1',
  firstName: 'Sam',
  lastName: 'Expert',
  email: 'sam@example.com',
  role: 'specialist',
  createdAt: '2025-01-01T00:00:00.000Z',
};

const pending = (i: number): Creative =>
  aCreative({
    id: `c${i}`,
    name: `Créa ${i}`,
    format: 'Statique',
    createdAt: new Date(Date.UTC(2025, 0, 31 - i)).toISOString(),
    validated: false,
    status: 'pending',
    submittedBy: 'a1',
    submitter: { firstName: 'Agnès', lastName: 'Agence' },
  });

const QUEUE = Array.from({ length: 5 }, (_, i) => pending(i + 1));

/** The pending queue in pages of 2 (the cursor is the next index); the second page waits for `release`. */
function setup(approve = vi.fn((id: string) => Promise.resolve({ ...QUEUE.find((c) => c.id === id)!, status: 'approved' as const }))) {
  let queue = [...QUEUE];
  const gates: (() => void)[] = [];
  const list = vi.fn(async (status: string, page?: PageQuery): Promise<Page<Creative>> => {
    if (page?.cursor) await new Promise<void>((release) => gates.push(release));
    const items = status === 'pending' ? queue : [];
    const start = Number(page?.cursor ?? 0);
    return { items: items.slice(start, start + 2), nextCursor: start + 2 < items.length ? String(start + 2) : null };
  });
  renderWithProviders(<ReviewPage />, {
    gateway: fakeGateway({
      auth: { getSession: () => Promise.resolve(specialist) },
      review: {
        list,
        approve: vi.fn(async (id: string) => {
          queue = queue.filter((c) => c.id !== id);
          return approve(id);
        }),
        counts: () => Promise.resolve({ pending: queue.length, rejected: 0 }),
      },
    }),
    route: '/admin/creatives',
  });
  /** Lets the waiting next-page request(s) answer, once one is waiting. */
  const release = async () => {
    await waitFor(() => expect(gates.length).toBeGreaterThan(0));
    gates.splice(0).forEach((g) => g());
  };
  return { list, approve, release, user: userEvent.setup() };
}

const cardNames = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('ReviewPage queue paging', () => {
  it("shows the first page, then each next one with 'Charger plus' ('Chargement…' meanwhile) until the end", async () => {
    const { list, release, user } = setup();
    await waitFor(() => expect(cardNames()).toEqual(['Créa 1', 'Créa 2']));
    await user.click(screen.getByRole('button', { name: 'Charger plus' }));
    expect(await screen.findByRole('button', { name: 'Chargement…' })).toBeDisabled();
    expect(list).toHaveBeenLastCalledWith('pending', { cursor: '2' });
    await release();
    await waitFor(() => expect(cardNames()).toEqual(['Créa 1', 'Créa 2', 'Créa 3', 'Créa 4']));
    await user.click(screen.getByRole('button', { name: 'Charger plus' }));
    await release();
    await waitFor(() => expect(cardNames()).toHaveLength(5));
    expect(screen.queryByRole('button', { name: /Charger plus|Chargement…/ })).not.toBeInTheDocument();
  });

  it('takes an approved card out at once and refreshes the loaded pages', async () => {
    const { approve, release, user } = setup();
    await waitFor(() => expect(cardNames()).toEqual(['Créa 1', 'Créa 2']));
    await user.click(screen.getByRole('button', { name: 'Charger plus' }));
    await release();
    await waitFor(() => expect(cardNames()).toHaveLength(4));
    const card = screen.getByRole('heading', { level: 3, name: 'Créa 2' }).closest('article') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: /Approuver/ }));
    await waitFor(() => expect(approve).toHaveBeenCalledWith('c2'));
    // The refetch walks the loaded pages again (the second one waits for its release).
    await waitFor(() => expect(cardNames()).not.toContain('Créa 2'));
    await release();
    await waitFor(() => expect(cardNames()).toEqual(['Créa 1', 'Créa 3', 'Créa 4', 'Créa 5']));
  });
});
