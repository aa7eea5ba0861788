import { useMutation, useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_STATUS } from '@domain/errors';
import { MSG } from '@domain/messages';
import type { User } from '@domain/types';
import { toast } from '@/components/ui/toaster';
import { GatewayError } from '@/gateway/types';
import { sessionQueryKey } from '@/lib/session';
import { renderWithProviders } from '@/testing/render';
import { SessionEndedRedirect } from './session-ended';

vi.mock('@/components/ui/toaster', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const member: User = { id: 'u', firstName: 'Léa', lastName: 'Martin', email: 'lea@example.com', role: 'user', createdAt: '' };
const revoked = () => new GatewayError('SESSION_REVOKED', MSG.sessionRevoked, ERROR_STATUS.SESSION_REVOKED);
const forbidden = () => new GatewayError('FORBIDDEN', MSG.forbidden, ERROR_STATUS.FORBIDDEN);

/** The signed-in member, as the app's session query holds it. */
const useMember = () => useQuery({ queryKey: sessionQueryKey, queryFn: () => Promise.resolve<User | null>(member) });

function FailingQuery({ error }: { error: () => GatewayError }) {
  const session = useMember();
  useQuery({ queryKey: ['folders'], queryFn: () => Promise.reject(error()), enabled: Boolean(session.data) });
  return <h1>Mes dossiers</h1>;
}

function FailingMutation() {
  useMember();
  const mutation = useMutation({ mutationFn: () => Promise.reject(revoked()) });
  return (
    <button type="button" onClick={() => mutation.mutate()}>
      Créer
    </button>
  );
}

function app(page: ReactElement) {
  return (
    <>
      <SessionEndedRedirect />
      <Routes>
        <Route path="/folders" element={page} />
        <Route path="/login" element={<h1>Connexion</h1>} />
      </Routes>
    </>
  );
}

describe('SessionEndedRedirect', () => {
  it('sends a device signed out elsewhere to the sign-in page with the reason, forgetting the user', async () => {
    const { queryClient } = renderWithProviders(app(<FailingQuery error={revoked} />), { route: '/folders' });
    await screen.findByRole('heading', { name: 'Connexion' });
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
    expect(queryClient.getQueryData(['folders'])).toBeUndefined();
    expect(toast.error).toHaveBeenCalledWith(MSG.sessionRevoked);
  });

  it('does the same when a mutation learns it', async () => {
    const { queryClient } = renderWithProviders(app(<FailingMutation />), { route: '/folders' });
    await waitFor(() => expect(queryClient.getQueryData(sessionQueryKey)).toEqual(member));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Créer' }));
    await screen.findByRole('heading', { name: 'Connexion' });
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
  });

  it('leaves other refusals to the page', async () => {
    vi.mocked(toast.error).mockClear();
    const { queryClient } = renderWithProviders(app(<FailingQuery error={forbidden} />), { route: '/folders' });
    await waitFor(() => expect(queryClient.getQueryState(['folders'])?.status).toBe('error'));
    expect(screen.getByRole('heading', { name: 'Mes dossiers' })).toBeInTheDocument();
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(member);
    expect(toast.error).not.toHaveBeenCalled();
  });
});
