import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@domain/messages';
import type { Folder } from '@domain/types';
import { toast } from '@/components/ui/toaster';
import type { FolderZip, ZipProgress } from '@/gateway/types';
import { fakeGateway } from '@/testing/fake-gateway';
import { renderWithProviders } from '@/testing/render';
import { FolderZipButton } from './folder-zip-button';

vi.mock('@/components/ui/toaster', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const folder: Folder = { id: 'f1', name: 'Refs', creativeIds: ['a', 'b'], createdAt: '2025-01-01T00:00:00.000Z' };
const NAME = 'Télécharger le dossier (ZIP)';

let clicked: { href: string; download: string }[];
beforeEach(() => {
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
  URL.createObjectURL = vi.fn(() => 'blob:zip');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

function setup(downloadZip: (f: Folder, onProgress?: (p: ZipProgress) => void) => Promise<FolderZip>, shown = folder) {
  renderWithProviders(<FolderZipButton folder={shown} />, { gateway: fakeGateway({ folders: { downloadZip: vi.fn(downloadZip) } }) });
  return userEvent.setup();
}

describe('FolderZipButton', () => {
  it('is disabled on an empty folder and says why', () => {
    setup(() => Promise.reject(new Error('not called')), { ...folder, creativeIds: [] });
    const button = screen.getByRole('button', { name: NAME });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Ajoutez des créas à ce dossier pour pouvoir le télécharger.');
  });

  it("hands the server's address to the browser's downloader (self-hosted)", async () => {
    const user = setup(async () => ({ kind: 'url', url: '/api/folders/f1/zip' }));
    await user.click(screen.getByRole('button', { name: NAME }));
    await waitFor(() => expect(clicked).toEqual([{ href: '/api/folders/f1/zip', download: '' }]));
  });

  it('shows the progress of an archive built in the page, then saves it under its name (Firebase)', async () => {
    let finish!: () => void;
    const user = setup(
      (_f, onProgress) =>
        new Promise((resolve) => {
          onProgress?.({ done: 1, total: 2 });
          finish = () => resolve({ kind: 'blob', blob: new Blob(['zip']), fileName: 'Refs.zip' });
        }),
    );
    await user.click(screen.getByRole('button', { name: NAME }));
    expect(await screen.findByRole('button', { name: 'Préparation du ZIP… 1/2' })).toBeDisabled();
    expect(screen.getByRole('progressbar', { name: 'Préparation du ZIP' })).toHaveAttribute('value', '1');
    expect(screen.getByRole('status')).toHaveTextContent('Préparation du ZIP… 1/2');
    finish();
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:zip', download: 'Refs.zip' }]));
    expect(await screen.findByRole('button', { name: NAME })).toBeEnabled();
  });

  it("toasts the spec's download error when it fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = setup(() => Promise.reject(new Error('réseau')));
    await user.click(screen.getByRole('button', { name: NAME }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.downloadError));
    expect(clicked).toEqual([]);
  });
});
