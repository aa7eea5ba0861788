import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@domain/messages';
import { GatewayError } from '@/gateway/types';
import { aCreative } from '@/testing/creative';
import { renderWithProviders } from '@/testing/render';
import { EMPTY_FORM } from '../form-values';
import { CreativeForm } from './creative-form';

beforeAll(() => {
  // jsdom has no blob: URLs; the preview only needs a string.
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => {};
});

function setup(onSubmit = vi.fn(() => Promise.resolve())) {
  renderWithProviders(
    <CreativeForm defaultValues={EMPTY_FORM} submitLabel="Soumettre la créative" failureMessage={MSG.submitError} onSubmit={onSubmit} />,
  );
  return { onSubmit, user: userEvent.setup({ applyAccept: false }) };
}

describe('CreativeForm', () => {
  it('counts down the name and turns the counter red at 5 characters left', async () => {
    const { user } = setup();
    const name = screen.getByRole('textbox', { name: 'Nom de la créative' });
    expect(name).toHaveAccessibleDescription(expect.stringContaining('35 caractères restants'));
    await user.type(name, 'a'.repeat(29));
    expect(screen.getByText('6 caractères restants')).not.toHaveClass('text-red-600');
    await user.type(name, 'a');
    expect(screen.getByText('5 caractères restants')).toHaveClass('text-red-600');
    expect(name).toHaveAccessibleDescription(expect.stringContaining('5 caractères restants'));
    await user.type(name, 'a'.repeat(10));
    expect(name).toHaveValue('a'.repeat(35));
  });

  it('requires a media, a name and one value per category', async () => {
    const { onSubmit, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Soumettre la créative' }));
    expect(await screen.findByText(MSG.mediaRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.fieldRequired)).toBeInTheDocument();
    for (const message of Object.values(MSG.selectAtLeastOne)) expect(screen.getByText(message)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('without media storage, says why and disables every field and the submit button', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderWithProviders(
      <CreativeForm
        defaultValues={EMPTY_FORM}
        submitLabel="Soumettre la créative"
        failureMessage={MSG.submitError}
        onSubmit={onSubmit}
        unavailable={MSG.uploadsUnavailable}
      />,
    );
    expect(screen.getByText(MSG.uploadsUnavailable)).toBeVisible();
    const fields = screen.getByRole('group', { description: MSG.uploadsUnavailable });
    expect(fields).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Nom de la créative' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Soumettre la créative' })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Soumettre la créative' }));
    expect(onSubmit).not.toHaveBeenCalled();
    cleanup();
  });

  it('without media storage, an edit keeps its media and everything else can still be changed', () => {
    renderWithProviders(
      <CreativeForm
        defaultValues={EMPTY_FORM}
        current={aCreative({ id: 'c1', name: 'Déjà en ligne', mediaUrl: '/media/c1.png', thumbUrl: '/media/c1.png' })}
        submitLabel="Enregistrer les modifications"
        failureMessage={MSG.editError}
        onSubmit={vi.fn(() => Promise.resolve())}
        unavailable={MSG.uploadsUnavailable}
      />,
    );
    expect(screen.getByText(MSG.uploadsUnavailable)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Remplacer' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Nom de la créative' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Enregistrer les modifications' })).toBeEnabled();
    cleanup();
  });

  it('refuses a file of another type with the spec message', async () => {
    const { user } = setup();
    await user.upload(screen.getByLabelText('Fichier média'), new File(['gif'], 'anim.gif', { type: 'image/gif' }));
    expect(await screen.findByText(MSG.mediaInvalidType)).toBeInTheDocument();
  });

  /** Picks a PNG and fills the required fields. */
  async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
    await user.upload(screen.getByLabelText('Fichier média'), new File(['png'], 'visuel.png', { type: 'image/png' }));
    expect(await screen.findByText('visuel.png')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Nom de la créative' }), 'Promo été');
    for (const value of ['Statique', 'TOFU', 'Humour', 'Food', 'Meta']) await user.click(screen.getByRole('button', { name: value }));
  }

  it('shows why the server refused the file under the picker (corrupt image, too many pixels)', async () => {
    for (const [code, status, message] of [
      ['UNSUPPORTED_MEDIA', 415, MSG.imageUnreadable],
      ['PAYLOAD_TOO_LARGE', 413, MSG.imageDimensionsTooLarge],
    ] as const) {
      const { user } = setup(vi.fn(() => Promise.reject(new GatewayError(code, message, status, { media: message }))));
      await fillRequired(user);
      await user.click(screen.getByRole('button', { name: 'Soumettre la créative' }));
      expect((await screen.findByRole('alert')).textContent).toBe(message);
      expect(screen.queryByText(MSG.submitError)).not.toBeInTheDocument();
      cleanup();
    }
  });

  it('sends the validated input with HOOK and LE TRUC EN PLUS split by line', async () => {
    const { onSubmit, user } = setup();
    await fillRequired(user);
    await user.type(screen.getByRole('textbox', { name: 'HOOK' }), 'Premier{Enter}{Enter}  Second  {Enter}');
    await user.click(screen.getByRole('button', { name: 'Soumettre la créative' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [input, file] = onSubmit.mock.calls[0] as unknown as [Record<string, unknown>, File];
    expect(input).toMatchObject({
      name: 'Promo été',
      advertiser: 'Non connu',
      format: ['Statique'],
      platform: ['Meta'],
      bestPractices: ['Premier', 'Second'],
      actions: [],
    });
    expect(file.name).toBe('visuel.png');
  });
});
