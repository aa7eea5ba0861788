import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MEDIA_TEXT_MAX } from '@domain/limits';
import { MSG } from '@domain/messages';
import type { Creative } from '@domain/types';
import type { CreativeInput } from '@/gateway/types';
import { aCreative } from '@/testing/creative';
import { renderWithProviders } from '@/testing/render';
import { EMPTY_FORM, formValuesOf } from '../form-values';
import { CreativeForm } from './creative-form';

beforeAll(() => {
  URL.createObjectURL ??= () => 'blob:preview';
  URL.revokeObjectURL ??= () => {};
});

const READ = 'Livraison offerte\n-50 % sur la crème';

function renderEdit(creative: Creative) {
  const onSubmit = vi.fn((_input: CreativeInput) => Promise.resolve());
  renderWithProviders(
    <CreativeForm
      defaultValues={formValuesOf(creative)}
      current={creative}
      withMediaText={typeof creative.mediaText === 'string'}
      submitLabel="Enregistrer les modifications"
      failureMessage={MSG.editError}
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

const save = () => screen.getByRole('button', { name: 'Enregistrer les modifications' });

describe('Texte de la créative in the edit form', () => {
  it('is not in the submission form', () => {
    renderWithProviders(
      <CreativeForm defaultValues={EMPTY_FORM} submitLabel="Soumettre la créative" failureMessage={MSG.submitError} onSubmit={vi.fn()} />,
    );
    expect(screen.queryByRole('textbox', { name: 'Texte de la créative' })).toBeNull();
  });

  it('is prefilled with the text read and sends the corrected one as mediaText', async () => {
    const { onSubmit, user } = renderEdit(aCreative({ id: 'c1', name: 'Crème', mediaUrl: '/m.png', mediaText: READ }));
    const field = screen.getByRole('textbox', { name: 'Texte de la créative' });
    expect(field).toHaveValue(READ);
    expect(field).toHaveAccessibleDescription(expect.stringContaining(`${MEDIA_TEXT_MAX - READ.length} caractères restants`));
    await user.clear(field);
    await user.type(field, 'Livraison offerte{Enter}-50 % sur la crème solaire');
    await user.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].mediaText).toBe('Livraison offerte\n-50 % sur la crème solaire');
  });

  it(`refuses more than ${MEDIA_TEXT_MAX} characters with the French message`, async () => {
    const { onSubmit, user } = renderEdit(aCreative({ id: 'c1', name: 'Crème', mediaUrl: '/m.png', mediaText: READ }));
    const field = screen.getByRole('textbox', { name: 'Texte de la créative' });
    // A long paste, as from a document: one change event.
    fireEvent.change(field, { target: { value: 'a'.repeat(MEDIA_TEXT_MAX + 1) } });
    expect(screen.getByText('-1 caractères restants')).toHaveClass('text-red-600');
    await user.click(save());
    expect(await screen.findByText(MSG.mediaTextMax)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('is left out when the detail gave no text to correct (the stored one is then kept)', async () => {
    const { onSubmit, user } = renderEdit(aCreative({ id: 'c1', name: 'Crème', mediaUrl: '/m.png' }));
    expect(screen.queryByRole('textbox', { name: 'Texte de la créative' })).toBeNull();
    await user.click(save());
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('mediaText');
  });
});
