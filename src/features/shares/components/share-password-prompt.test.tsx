import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@domain/messages';
import { GatewayError } from '@/gateway/types';
import { fakeGateway } from '@/testing/fake-gateway';
import { renderWithProviders } from '@/testing/render';
import { SharePasswordPrompt } from './share-password-prompt';

describe('SharePasswordPrompt', () => {
  it("shows the server's wait when the link has taken too many wrong passwords", async () => {
    const unlock = vi.fn(() => Promise.reject(new GatewayError('RATE_LIMITED', MSG.shareUnlockTooManyForLink(180), 429)));
    renderWithProviders(<SharePasswordPrompt token={'t'.repeat(32)} />, { gateway: fakeGateway({ shares: { unlock } }) });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Mot de passe'), 'un-essai');
    await user.click(screen.getByRole('button', { name: 'Ouvrir le dossier' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Trop d'essais pour ce lien. Réessayez dans 3 minutes.");
    expect(unlock).toHaveBeenCalledWith('t'.repeat(32), 'un-essai');
  });
});
