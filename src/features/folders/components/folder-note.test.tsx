import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@domain/messages';
import { NOTE_MAX } from '@domain/shares';
import { GatewayError } from '@/gateway/types';
import { aCreative } from '@/testing/creative';
import { fakeGateway } from '@/testing/fake-gateway';
import { renderWithProviders } from '@/testing/render';
import { FolderNote } from './folder-note';

vi.mock('@/components/ui/toaster', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const creative = { ...aCreative({ id: 'c1', name: 'Soldes d’été' }), note: 'À revoir' };

function setup(setNote: (id: string, creativeId: string, note: string) => Promise<{ note: string | null }>) {
  const spy = vi.fn(setNote);
  renderWithProviders(<FolderNote folderId="f1" creative={creative} />, { gateway: fakeGateway({ folders: { setNote: spy } }) });
  return { user: userEvent.setup(), setNote: spy };
}

describe('FolderNote', () => {
  it('opens on the saved note with the focus in it, saves the trimmed text on Enter and closes', async () => {
    const { user, setNote } = setup(async (_f, _c, note) => ({ note }));
    expect(screen.getByText('À revoir')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Modifier la note sur « Soldes d’été »' }));
    const field = screen.getByRole('textbox', { name: 'Note sur « Soldes d’été »' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveValue('À revoir');
    expect(field).toHaveAccessibleDescription(`${NOTE_MAX - 'À revoir'.length} caractères restants`);
    await user.clear(field);
    await user.type(field, '  Bon visuel{Shift>}{Enter}{/Shift}ligne 2  ');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(setNote).toHaveBeenCalledWith('f1', 'c1', 'Bon visuel\nligne 2'));
    await waitFor(() => expect(screen.queryByRole('textbox')).not.toBeInTheDocument());
  });

  it('refuses a note over the limit with its French message, without saving', async () => {
    const { user, setNote } = setup(async (_f, _c, note) => ({ note }));
    await user.click(screen.getByRole('button', { name: /Modifier la note/ }));
    const field = screen.getByRole('textbox', { name: /Note sur/ });
    await user.clear(field);
    await user.click(field);
    await user.paste('x'.repeat(NOTE_MAX + 1));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.noteMax);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(setNote).not.toHaveBeenCalled();
  });

  it("shows the server's refusal under the field and stays open; Escape cancels", async () => {
    const { user } = setup(() => Promise.reject(new GatewayError('FORBIDDEN', 'Accès refusé', 403)));
    await user.click(screen.getByRole('button', { name: /Modifier la note/ }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Accès refusé');
    await user.click(screen.getByRole('textbox', { name: /Note sur/ }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByText('À revoir')).toBeInTheDocument();
  });
});
