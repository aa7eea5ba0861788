import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@domain/messages';
import { toast } from '@/components/ui/toaster';
import { GatewayError } from '@/gateway/types';
import { fakeGateway } from '@/testing/fake-gateway';
import { renderWithProviders } from '@/testing/render';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';

vi.mock('@/components/ui/toaster', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

/** What the server answers during the sign-in back-off (or past a write budget): its message says when to retry. */
const backingOff = () => new GatewayError('RATE_LIMITED', MSG.signInBackoff(8), 429);

describe('sign-in and registration refused for coming too often', () => {
  it("toasts the server's message, which says when to try again", async () => {
    const login = vi.fn(() => Promise.reject(backingOff()));
    renderWithProviders(<LoginPage />, { gateway: fakeGateway({ auth: { login } }) });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'lea@example.com');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.signInBackoff(8)));
    expect(MSG.signInBackoff(8)).toBe('Trop de tentatives de connexion avec cette adresse email. Réessayez dans 8 secondes.');
  });

  it("toasts the server's message when sign-in is momentarily unavailable (503)", async () => {
    const login = vi.fn(() => Promise.reject(new GatewayError('UNAVAILABLE', MSG.signInUnavailable, 503)));
    renderWithProviders(<LoginPage />, { gateway: fakeGateway({ auth: { login } }) });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'lea@example.com');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('La connexion est momentanément indisponible. Réessayez dans quelques instants.'),
    );
  });

  it("shows the server's message in the registration form's alert", async () => {
    const message = MSG.tooManyWrites(720);
    const register = vi.fn(() => Promise.reject(new GatewayError('RATE_LIMITED', message, 429)));
    renderWithProviders(<RegisterPage />, { gateway: fakeGateway({ auth: { register } }) });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Prénom'), 'Léa');
    await user.type(screen.getByLabelText('Nom'), 'Martin');
    await user.type(screen.getByLabelText('Email'), 'lea@example.com');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret1');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'secret1');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Trop d'actions en peu de temps. Réessayez dans 12 minutes.");
  });
});
