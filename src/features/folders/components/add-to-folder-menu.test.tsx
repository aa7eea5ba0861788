import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FOLDER_NAME_MAX } from '@domain/limits';
import { MSG } from '@domain/messages';
import type { Folder } from '@domain/types';
import { fakeGateway } from '@/testing/fake-gateway';
import { renderWithProviders } from '@/testing/render';
import { AddToFolderMenu } from './add-to-folder-menu';

const folder = (id: string, name: string, creativeIds: string[]): Folder => ({
  id,
  name,
  creativeIds,
  createdAt: '2025-01-01T00:00:00.000Z',
});

function setup() {
  let folders = [folder('f1', 'Inspiration', ['c1']), folder('f2', 'Hooks', [])];
  const set = (id: string, fn: (ids: string[]) => string[]) => {
    folders = folders.map((f) => (f.id === id ? { ...f, creativeIds: fn(f.creativeIds) } : f));
    return folders.find((f) => f.id === id)!;
  };
  const api = {
    list: vi.fn(() => Promise.resolve(folders)),
    addCreative: vi.fn((id: string, creativeId: string) => Promise.resolve(set(id, (ids) => [creativeId, ...ids]))),
    removeCreative: vi.fn((id: string, creativeId: string) => Promise.resolve(set(id, (ids) => ids.filter((x) => x !== creativeId)))),
    create: vi.fn((name: string) => {
      const created = folder('f3', name, []);
      folders = [...folders, created];
      return Promise.resolve(created);
    }),
  };
  renderWithProviders(<AddToFolderMenu creativeId="c1" />, { gateway: fakeGateway({ folders: api }) });
  return { api, user: userEvent.setup() };
}

describe('AddToFolderMenu', () => {
  it('loads the menu on first open and ticks the folders that hold the creative', async () => {
    const { api, user } = setup();
    expect(api.list).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Ajouter à un dossier' }));
    const inspiration = await screen.findByRole('menuitemcheckbox', { name: /Inspiration/ });
    expect(inspiration).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemcheckbox', { name: /Hooks/ })).toHaveAttribute('aria-checked', 'false');
  });

  it('adds to and removes from a folder, keeping the menu open', async () => {
    const { api, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Ajouter à un dossier' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: /Hooks/ }));
    expect(api.addCreative).toHaveBeenCalledWith('f2', 'c1');
    await waitFor(() => expect(screen.getByRole('menuitemcheckbox', { name: /Hooks/ })).toHaveAttribute('aria-checked', 'true'));
    await user.click(screen.getByRole('menuitemcheckbox', { name: /Inspiration/ }));
    expect(api.removeCreative).toHaveBeenCalledWith('f1', 'c1');
    await waitFor(() => expect(screen.getByRole('menuitemcheckbox', { name: /Inspiration/ })).toHaveAttribute('aria-checked', 'false'));
  });

  it("creates a folder from 'Nouveau dossier' and files the creative in it", async () => {
    const { api, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Ajouter à un dossier' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Nouveau dossier' }));
    const input = screen.getByRole('textbox', { name: 'Nom du nouveau dossier' });
    await user.type(input, 'Hooks Meta{Enter}');
    await waitFor(() => expect(api.addCreative).toHaveBeenCalledWith('f3', 'c1'));
    expect(api.create).toHaveBeenCalledWith('Hooks Meta');
    expect(await screen.findByRole('menuitemcheckbox', { name: /Hooks Meta/ })).toHaveAttribute('aria-checked', 'true');
  });

  it("Escape first closes the 'Nouveau dossier' form, then the menu", async () => {
    const { api, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Ajouter à un dossier' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Nouveau dossier' }));
    await user.type(screen.getByRole('textbox', { name: 'Nom du nouveau dossier' }), 'Brouillon');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Nom du nouveau dossier' })).not.toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Nouveau dossier' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(api.create).not.toHaveBeenCalled();
  });

  it('refuses an empty folder name', async () => {
    const { api, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Ajouter à un dossier' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Nouveau dossier' }));
    await user.type(screen.getByRole('textbox', { name: 'Nom du nouveau dossier' }), '   {Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.folderNameRequired);
    expect(api.create).not.toHaveBeenCalled();
  });

  it('refuses a folder name longer than the limit', async () => {
    const { api, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Ajouter à un dossier' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Nouveau dossier' }));
    const input = screen.getByRole('textbox', { name: 'Nom du nouveau dossier' });
    fireEvent.change(input, { target: { value: 'a'.repeat(FOLDER_NAME_MAX + 1) } });
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.folderNameMax);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(api.create).not.toHaveBeenCalled();
  });
});
