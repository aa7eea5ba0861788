import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@domain/messages';
import { toast } from '@/components/ui/toaster';
import { GatewayError } from '@/gateway/types';
import { fakeGateway } from '@/testing/fake-gateway';
import { renderWithProviders } from '@/testing/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';

vi.mock('@/components/ui/toaster', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

describe('/forgot-password', () => {
  it('checks the address, then gives the same answer whatever it is', async () => {
    const requestPasswordReset = vi.fn(() => Promise.resolve());
    renderWithProviders(<ForgotPasswordPage />, { gateway: fakeGateway({ auth: { requestPasswordReset } }) });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByText(MSG.emailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'Lea@Example.com');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MSG.resetRequested);
    expect(requestPasswordReset).toHaveBeenCalledWith({ email: 'lea@example.com' });
  });

  it("toasts the server's wait when the address asked too often", async () => {
    const message = MSG.resetTooManyForAddress(1200);
    const requestPasswordReset = vi.fn(() => Promise.reject(new GatewayError('RATE_LIMITED', message, 429)));
    renderWithProviders(<ForgotPasswordPage />, { gateway: fakeGateway({ auth: { requestPasswordReset } }) });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'lea@example.com');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
  });
});

describe('/reset-password', () => {
  it('sends the token of the link with the new password, and says when the link is dead', async () => {
    const resetPassword = vi.fn(() => Promise.reject(new GatewayError('GONE', MSG.resetLinkInvalid, 410)));
    renderWithProviders(<ResetPasswordPage />, { gateway: fakeGateway({ auth: { resetPassword } }), route: '/reset-password?token=abc' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'secret12');
    await user.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.resetLinkInvalid);
    expect(resetPassword).toHaveBeenCalledWith({ token: 'abc', newPassword: 'secret12', confirmPassword: 'secret12' });
    expect(screen.getByRole('link', { name: 'Demander un nouvel e-mail' })).toHaveAttribute('href', '/forgot-password');
  });

  it("takes Firebase's oobCode as the token", async () => {
    const resetPassword = vi.fn(() => Promise.resolve());
    renderWithProviders(<ResetPasswordPage />, { gateway: fakeGateway({ auth: { resetPassword } }), route: '/reset-password?oobCode=xyz' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'secret12');
    await user.type(screen.getByLabelText('Confirmer le nouveau mot de passe'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.passwordResetDone));
    expect(resetPassword).toHaveBeenCalledWith({ token: 'xyz', newPassword: 'secret12', confirmPassword: 'secret12' });
  });

  it('says so when the link carries no token', async () => {
    renderWithProviders(<ResetPasswordPage />, { gateway: fakeGateway(), route: '/reset-password' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.resetLinkMissing);
  });
});
