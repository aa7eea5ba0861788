import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@domain/messages';
import type { Role } from '@domain/roles';
import type { User } from '@domain/types';
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

function setup(setRole = vi.fn((id: string, role: Role) => Promise.resolve({ ...USERS.find((u) => u.id === id)!, role }))) {
  renderWithProviders(<UsersPage />, {
    gateway: fakeGateway({
      auth: { getSession: () => Promise.resolve(admin) },
      users: { list: () => Promise.resolve(USERS), setRole },
    }),
    route: '/admin/users',
  });
  return { setRole, user: userEvent.setup() };
}

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('UsersPage', () => {
  it('searches on first and last name or e-mail, case-insensitively', async () => {
    const { user } = setup();
    expect(await screen.findByRole('heading', { name: 'Gestion des utilisateurs' })).toBeInTheDocument();
    expect(await screen.findByText('4 utilisateurs')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un utilisateur' }), 'LÉA MAR');
    expect(rowNames()).toEqual(['Léa Martinlea@example.com']);
    expect(screen.getByText('1 utilisateur sur 4')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Rechercher un utilisateur' }));
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un utilisateur' }), '@agence');
    expect(rowNames()).toEqual(['Sam Durandsam@agence.fr']);
  });

  it('filters by several role chips; none selected shows everyone', async () => {
    const { user } = setup();
    await screen.findByText('4 utilisateurs');
    const agency = screen.getByRole('button', { name: 'Agence' });
    await user.click(agency);
    expect(agency).toHaveAttribute('aria-pressed', 'true');
    expect(rowNames()).toEqual(['Sam Durandsam@agence.fr']);
    await user.click(screen.getByRole('button', { name: 'Spécialiste' }));
    expect(rowNames()).toHaveLength(2);
    await user.click(screen.getByRole('searchbox', { name: 'Rechercher un utilisateur' }));
    await user.keyboard('zzz');
    expect(screen.getByText(MSG.noMatchingUser)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Rechercher un utilisateur' }));
    await user.click(agency);
    await user.click(screen.getByRole('button', { name: 'Spécialiste' }));
    expect(rowNames()).toHaveLength(4);
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
