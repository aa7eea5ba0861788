import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@domain/messages';
import type { Creative } from '@domain/types';
import { toast } from '@/components/ui/toaster';
import { fakeGateway } from '@/testing/fake-gateway';
import { renderWithProviders } from '@/testing/render';
import { FeatureDialog } from './feature-dialog';

vi.mock('@/components/ui/toaster', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const creative = { id: 'c1', name: 'Promo été', analyzedBy: null, rating: null };

function setup(
  feature = vi.fn((_id: string, _input: { analyzedBy: string; rating: number }) => Promise.resolve({ id: 'c1' } as Creative)),
) {
  const onOpenChange = vi.fn();
  renderWithProviders(<FeatureDialog creative={creative} defaultAnalyst="" open onOpenChange={onOpenChange} />, {
    gateway: fakeGateway({ review: { feature } }),
  });
  return { feature, onOpenChange, user: userEvent.setup() };
}

describe('FeatureDialog', () => {
  it('asks for at least one star and for the analyst first name', async () => {
    const { feature, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Mettre en avant' }));
    expect(await screen.findByText(MSG.ratingRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.analystRequired)).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Note' })).toHaveAttribute('aria-invalid', 'true');
    expect(feature).not.toHaveBeenCalled();
  });

  it('rates with the keyboard: Tab into the stars, arrows move the rating', async () => {
    const { feature, user, onOpenChange } = setup();
    await user.type(screen.getByRole('textbox', { name: "Prénom de l'analyste" }), 'Léa');
    await user.tab();
    expect(screen.getByRole('radio', { name: '1 étoile' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 étoiles' })).toBeChecked();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '3 étoiles' })).toBeChecked();
    await user.keyboard('{End}');
    expect(screen.getByRole('radio', { name: '5 étoiles' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Mettre en avant' }));
    await waitFor(() => expect(feature).toHaveBeenCalledWith('c1', { analyzedBy: 'Léa', rating: 5 }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.featureSuccess));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('clears the star message once a star is chosen', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Mettre en avant' }));
    expect(await screen.findByText(MSG.ratingRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '2 étoiles' }));
    expect(screen.queryByText(MSG.ratingRequired)).not.toBeInTheDocument();
  });

  it('refuses an analyst first name made of spaces, and clears the message once one is typed', async () => {
    const { feature, user } = setup();
    const analyst = screen.getByRole('textbox', { name: "Prénom de l'analyste" });
    await user.type(analyst, '   ');
    await user.click(screen.getByRole('radio', { name: '3 étoiles' }));
    await user.click(screen.getByRole('button', { name: 'Mettre en avant' }));
    expect(await screen.findByText(MSG.analystRequired)).toBeInTheDocument();
    expect(analyst).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(MSG.ratingRequired)).not.toBeInTheDocument();
    expect(feature).not.toHaveBeenCalled();
    await user.type(analyst, 'Léa');
    await waitFor(() => expect(screen.queryByText(MSG.analystRequired)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Mettre en avant' }));
    await waitFor(() => expect(feature).toHaveBeenCalledWith('c1', { analyzedBy: 'Léa', rating: 3 }));
  });

  it('toasts the failure message when featuring fails', async () => {
    const { user } = setup(vi.fn(() => Promise.reject(new Error('boom'))));
    await user.type(screen.getByRole('textbox', { name: "Prénom de l'analyste" }), 'Léa');
    await user.click(screen.getByRole('radio', { name: '5 étoiles' }));
    await user.click(screen.getByRole('button', { name: 'Mettre en avant' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.featureError));
  });
});
