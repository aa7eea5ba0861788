import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@domain/messages';
import type { Role } from '@domain/roles';
import type { Page, User } from '@domain/types';
import { matchesUser } from '@domain/user-search';
import type { UserListQuery } from '@/gateway/types';
import { fakeGateway } from '@/testing/fake-gateway';
import { renderWithProviders } from '@/testing/render';
import { UsersPage } from './users-page';

vi.mock('@/components/ui/toaster', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const person = (id: string, firstName: string, lastName: string, email: string, role: Role): User => ({
  id,
  firstName,
  lastName,
  email,
  role,
  createdAt: '2025-01-01T00:00:00.000Z',
});

const admin = person('u1', 'Alice', 'Admin', 'admin@example.com', 'admin');
const USERS = [
  admin,
  person('u2', 'Léa', 'Martin', 'lea@example.com', 'user'),
  person('u3', 'Sam', 'Durand', 'sam@agence.fr', 'agency'),
  person('u4', 'Paul', 'Léger', 'paul@example.com', 'specialist'),
];

/** The backend's list: search and role chips applied, then pages of `pageSize` (the cursor is the next index). */
function pagedList(pageSize = 50, delay: (cursor: string | null) => Promise<void> = () => Promise.resolve()) {
  return vi.fn(async (query: UserListQuery = {}): Promise<Page<User>> => {
    await delay(query.cursor ?? null);
    const matching = USERS.filter((u) => matchesUser(u, query.q ?? '', query.role ?? []));
    const start = Number(query.cursor ?? 0);
    const end = start + pageSize;
    return { items: matching.slice(start, end), nextCursor: end < matching.length ? String(end) : null };
  });
}

function setup(
  setRole = vi.fn((id: string, role: Role) => Promise.resolve({ ...USERS.find((u) => u.id === id)!, role })),
  list = pagedList(),
) {
  renderWithProviders(<UsersPage />, {
    gateway: fakeGateway({
      auth: { getSession: () => Promise.resolve(admin) },
      users: { list, setRole },
    }),
    route: '/admin/users',
  });
  return { setRole, list, user: userEvent.setup() };
}

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

/** The search is debounced (250 ms) then asks the backend: on a busy machine that outlasts waitFor's 1 s default. */
const SEARCH_SETTLES = { timeout: 5_000 };
describe('UsersPage', () => {
  it('searches on first and last name or e-mail, case-insensitively, through the backend', async () => {
    const { list, user } = setup();
    expect(await screen.findByRole('heading', { name: 'Gestion des utilisateurs' })).toBeInTheDocument();
    expect(await screen.findByText('4 utilisateurs')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un utilisateur' }), 'LÉA MAR');
    await waitFor(() => expect(rowNames()).toEqual(['Léa Martinlea@example.com']), SEARCH_SETTLES);
    expect(screen.getByText('1 utilisateur')).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith({ q: 'LÉA MAR', role: [], cursor: null });
    await user.clear(screen.getByRole('searchbox', { name: 'Rechercher un utilisateur' }));
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un utilisateur' }), '@agence');
    await waitFor(() => expect(rowNames()).toEqual(['Sam Durandsam@agence.fr']), SEARCH_SETTLES);
  });

  it('filters by several role chips; none selected shows everyone', async () => {
    const { user } = setup();
    await screen.findByText('4 utilisateurs');
    const agency = screen.getByRole('button', { name: 'Agence' });
    await user.click(agency);
    expect(agency).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(rowNames()).toEqual(['Sam Durandsam@agence.fr']), SEARCH_SETTLES);
    await user.click(screen.getByRole('button', { name: 'Spécialiste' }));
    await waitFor(() => expect(rowNames()).toHaveLength(2), SEARCH_SETTLES);
    await user.click(screen.getByRole('searchbox', { name: 'Rechercher un utilisateur' }));
    await user.keyboard('zzz');
    expect(await screen.findByText(MSG.noMatchingUser, {}, SEARCH_SETTLES)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Rechercher un utilisateur' }));
    await user.click(agency);
    await user.click(screen.getByRole('button', { name: 'Spécialiste' }));
    await waitFor(() => expect(rowNames()).toHaveLength(4), SEARCH_SETTLES);
  });

  it("loads the next page with 'Charger plus' ('Chargement…' meanwhile), the search going on, until the end", async () => {
    let release: () => void = () => {};
    const list = pagedList(2, (cursor) => (cursor ? new Promise<void>((r) => (release = r)) : Promise.resolve()));
    const { user } = setup(undefined, list);
    expect(await screen.findByText('2 utilisateurs affichés')).toBeInTheDocument();
    expect(rowNames()).toEqual(['Alice Admin(vous)admin@example.com', 'Léa Martinlea@example.com']);
    await user.click(screen.getByRole('button', { name: 'Charger plus' }));
    const loading = await screen.findByRole('button', { name: 'Chargement…' });
    expect(loading).toBeDisabled();
    expect(list).toHaveBeenLastCalledWith({ q: '', role: [], cursor: '2' });
    release();
    await waitFor(() => expect(rowNames()).toHaveLength(4), SEARCH_SETTLES);
    expect(screen.getByText('4 utilisateurs')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Charger plus|Chargement…/ })).not.toBeInTheDocument();

    // A search pages too: its next page carries the same term.
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un utilisateur' }), '@example.com');
    await waitFor(() => expect(rowNames()).toEqual(['Alice Admin(vous)admin@example.com', 'Léa Martinlea@example.com']), SEARCH_SETTLES);
    await user.click(screen.getByRole('button', { name: 'Charger plus' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ q: '@example.com', role: [], cursor: '2' }));
    release();
    await waitFor(() => expect(rowNames()).toHaveLength(3), SEARCH_SETTLES);
    expect(rowNames()[2]).toBe('Paul Légerpaul@example.com');
    expect(screen.queryByRole('button', { name: 'Charger plus' })).not.toBeInTheDocument();
  });

  it("locks the admin's own row and says why", async () => {
    setup();
    const own = await screen.findByRole('combobox', { name: 'Rôle de Alice Admin' });
    expect(own).toBeDisabled();
    expect(own).toHaveAccessibleDescription(MSG.cannotChangeOwnRole);
    expect(screen.getByText('(vous)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Supprimer Alice Admin/ })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Rôle de Léa Martin' })).toBeEnabled();
  });

  it('changes a role, and shows the spec message when it fails', async () => {
    const { setRole, user } = setup(vi.fn(() => Promise.reject(new Error('boom'))));
    const select = await screen.findByRole('combobox', { name: 'Rôle de Léa Martin' });
    await user.selectOptions(select, 'specialist');
    expect(setRole).toHaveBeenCalledWith('u2', 'specialist');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.roleUpdateError);
    await waitFor(() => expect(select).toHaveValue('user'));
  });
});
