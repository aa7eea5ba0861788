import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@domain/messages';
import type { ShareInput } from '@domain/schemas/share';
import { endOfLocalDay } from '@domain/shares';
import type { FolderShare } from '@domain/types';
import { fakeGateway } from '@/testing/fake-gateway';
import { renderWithProviders } from '@/testing/render';
import { ShareForm } from './share-form';

vi.mock('@/components/ui/toaster', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function setup(sharePasswordMin = 8) {
  const create = vi.fn((_folderId: string, _input: ShareInput) => Promise.resolve({} as FolderShare));
  renderWithProviders(<ShareForm folderId="f1" />, { gateway: fakeGateway({ features: { sharePasswordMin }, shares: { create } }) });
  return { create, user: userEvent.setup() };
}

describe('ShareForm', () => {
  it('says how long a password must be, and refuses a shorter one before calling the backend', async () => {
    const { create, user } = setup();
    const password = screen.getByLabelText('Mot de passe (facultatif)');
    expect(password).toHaveAccessibleDescription('Au moins 8 caractères');
    await user.type(password, 'abc1234');
    await user.click(screen.getByRole('button', { name: 'Créer le lien' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Le mot de passe doit contenir au moins 8 caractères');
    expect(create).not.toHaveBeenCalled();

    await user.type(password, '5');
    await user.click(screen.getByRole('button', { name: 'Créer le lien' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith('f1', expect.objectContaining({ password: 'abc12345' })));
  });

  it("holds a new password to the backend's own minimum (Firebase mode: 12)", async () => {
    const { create, user } = setup(12);
    const password = screen.getByLabelText('Mot de passe (facultatif)');
    expect(password).toHaveAccessibleDescription('Au moins 12 caractères');
    await user.type(password, 'abcd1234efg');
    await user.click(screen.getByRole('button', { name: 'Créer le lien' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Le mot de passe doit contenir au moins 12 caractères');
    expect(create).not.toHaveBeenCalled();

    await user.type(password, 'h');
    await user.click(screen.getByRole('button', { name: 'Créer le lien' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith('f1', expect.objectContaining({ password: 'abcd1234efgh' })));
  });

  it('refuses a day already past under the date, then sends the end of a future day with the chosen options and starts afresh', async () => {
    const { create, user } = setup();
    const day = screen.getByLabelText('Date d’expiration (facultative)');
    await user.type(day, '2020-01-15');
    await user.click(screen.getByRole('button', { name: 'Créer le lien' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.shareExpiryPast);
    expect(day).toHaveAttribute('aria-invalid', 'true');
    expect(create).not.toHaveBeenCalled();

    await user.clear(day);
    await user.type(day, '2099-06-30');
    await user.click(screen.getByRole('checkbox', { name: 'inclure les notes' }));
    await user.click(screen.getByRole('button', { name: 'Créer le lien' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith('f1', {
        password: '',
        expiresAt: endOfLocalDay('2099-06-30').toISOString(),
        allowDownload: false,
        includeAnalysis: false,
        includeNotes: true,
      }),
    );
    await waitFor(() => expect(day).toHaveValue(''));
    expect(screen.getByRole('checkbox', { name: 'inclure les notes' })).not.toBeChecked();
  });
});
