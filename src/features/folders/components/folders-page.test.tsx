import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FOLDER_NAME_MAX } from '@domain/limits';
import { MSG } from '@domain/messages';
import type { Folder } from '@domain/types';
import { fakeGateway } from '@/testing/fake-gateway';
import { renderWithProviders } from '@/testing/render';
import { FoldersPage } from './folders-page';

const inspiration: Folder = { id: 'f1', name: 'Inspiration', creativeIds: [], createdAt: '2025-01-01T00:00:00.000Z' };

function setup(rename = vi.fn((id: string, name: string) => Promise.resolve({ ...inspiration, id, name }))) {
  let folders = [inspiration];
  const gateway = fakeGateway({
    folders: {
      list: vi.fn(() => Promise.resolve(folders)),
      creatives: vi.fn(() => Promise.resolve({ items: [], nextCursor: null })),
      rename: vi.fn(async (id: string, name: string) => {
        const folder = await rename(id, name);
        folders = [folder];
        return folder;
      }),
    },
  });
  renderWithProviders(<FoldersPage />, { gateway, route: '/folders' });
  return { rename, user: userEvent.setup() };
}

async function startRenaming(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Renommer le dossier « Inspiration »' }));
  const input = screen.getByRole('textbox', { name: 'Nouveau nom du dossier « Inspiration »' });
  expect(input).toHaveFocus();
  return input;
}

describe('FoldersPage inline rename', () => {
  afterEach(() => vi.restoreAllMocks());

  it('saves with Enter and gives the focus back to the rename button', async () => {
    const { rename, user } = setup();
    const input = await startRenaming(user);
    await user.clear(input);
    await user.type(input, '  Best of TikTok  {Enter}');
    expect(rename).toHaveBeenCalledTimes(1);
    expect(rename).toHaveBeenCalledWith('f1', 'Best of TikTok');
    const nav = screen.getByRole('navigation', { name: /Liste des dossiers/ });
    expect(within(nav).getByRole('link', { name: /Best of TikTok/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Renommer le dossier « Best of TikTok »' })).toHaveFocus();
  });

  it('cancels with Escape', async () => {
    const { rename, user } = setup();
    const input = await startRenaming(user);
    await user.type(input, ' modifié{Escape}');
    expect(rename).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox', { name: /Nouveau nom/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Inspiration/ })).toBeInTheDocument();
  });

  it('saves on blur', async () => {
    const { rename, user } = setup();
    const input = await startRenaming(user);
    await user.clear(input);
    await user.type(input, 'Hooks');
    await user.click(document.body);
    expect(rename).toHaveBeenCalledWith('f1', 'Hooks');
    expect(screen.queryByRole('textbox', { name: /Nouveau nom/ })).not.toBeInTheDocument();
  });

  it('refuses a name that is empty after trimming', async () => {
    const { rename, user } = setup();
    const input = await startRenaming(user);
    await user.clear(input);
    await user.type(input, '   {Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.folderNameRequired);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.click(document.body);
    expect(rename).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: /Inspiration/ })).toBeInTheDocument();
  });

  it('refuses a name longer than the limit with Enter, and keeps the old name on blur', async () => {
    const { rename, user } = setup();
    const input = await startRenaming(user);
    fireEvent.change(input, { target: { value: 'a'.repeat(FOLDER_NAME_MAX + 1) } });
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.folderNameMax);
    expect(input).toHaveFocus();
    await user.click(document.body);
    expect(rename).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: /Inspiration/ })).toBeInTheDocument();
  });

  it('rolls the name back when the backend refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup(vi.fn(() => Promise.reject(new Error('boom'))));
    const input = await startRenaming(user);
    await user.clear(input);
    await user.type(input, 'Nope{Enter}');
    await waitFor(() => expect(screen.getByRole('link', { name: /Inspiration/ })).toBeInTheDocument());
    expect(console.error).toHaveBeenCalled();
  });
});

describe('FoldersPage new folder form', () => {
  it("refuses an empty or too long name with the schema's messages", async () => {
    const { user } = setup();
    const input = await screen.findByRole('textbox', { name: 'Nouveau dossier' });
    await user.type(input, '   ');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.folderNameRequired);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(input, { target: { value: 'a'.repeat(FOLDER_NAME_MAX + 1) } });
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.folderNameMax);
  });

  it('creates the folder with the trimmed name and empties the field', async () => {
    const create = vi.fn((name: string) => Promise.resolve({ ...inspiration, id: 'f2', name }));
    renderWithProviders(<FoldersPage />, {
      gateway: fakeGateway({
        folders: {
          list: vi.fn(() => Promise.resolve([inspiration])),
          creatives: vi.fn(() => Promise.resolve({ items: [], nextCursor: null })),
          create,
        },
      }),
      route: '/folders',
    });
    const user = userEvent.setup();
    const input = await screen.findByRole('textbox', { name: 'Nouveau dossier' });
    await user.type(input, '  Hooks Meta  {Enter}');
    await waitFor(() => expect(create).toHaveBeenCalledWith('Hooks Meta'));
    await waitFor(() => expect(input).toHaveValue(''));
  });
});
