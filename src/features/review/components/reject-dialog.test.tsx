import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@domain/messages';
import type { Creative } from '@domain/types';
import { fakeGateway } from '@/testing/fake-gateway';
import { renderWithProviders } from '@/testing/render';
import { RejectDialog } from './reject-dialog';

vi.mock('@/components/ui/toaster', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const creative = { id: 'c1', name: 'Promo été' };

function setup(reject = vi.fn((_id: string, _reason: string) => Promise.resolve({ id: 'c1' } as Creative))) {
  const onOpenChange = vi.fn();
  renderWithProviders(<RejectDialog creative={creative} open onOpenChange={onOpenChange} />, {
    gateway: fakeGateway({ review: { reject } }),
  });
  const textarea = screen.getByRole('textbox', { name: 'Motif' });
  const confirm = screen.getByRole('button', { name: 'Rejeter' });
  return { reject, onOpenChange, textarea, confirm, user: userEvent.setup() };
}

describe('RejectDialog', () => {
  it("is titled 'Motif du refus' and counts the remaining characters out of 100", async () => {
    const { textarea, user } = setup();
    expect(screen.getByRole('dialog', { name: 'Motif du refus' })).toBeInTheDocument();
    expect(screen.getByText('100 caractères restants')).toBeInTheDocument();
    await user.type(textarea, 'Flou');
    expect(screen.getByText('96 caractères restants')).toBeInTheDocument();
    expect(textarea).toHaveAccessibleDescription(expect.stringContaining('96 caractères restants'));
  });

  it('keeps the confirm button disabled while the reason is blank, spaces included', async () => {
    const { textarea, confirm, user } = setup();
    expect(confirm).toBeDisabled();
    await user.type(textarea, '   ');
    expect(confirm).toBeDisabled();
    await user.type(textarea, 'x');
    expect(confirm).toBeEnabled();
  });

  it('stops at 100 characters and turns the counter red near the end', async () => {
    const { textarea, user } = setup();
    expect(textarea).toHaveAttribute('maxLength', '100');
    await user.type(textarea, 'a'.repeat(94));
    expect(screen.getByText('6 caractères restants')).not.toHaveClass('text-red-600');
    await user.type(textarea, 'a'.repeat(26));
    expect(textarea).toHaveValue('a'.repeat(100));
    expect(screen.getByText('0 caractères restants')).toHaveClass('text-red-600');
  });

  it('sends the trimmed reason and closes', async () => {
    const { textarea, confirm, user, reject, onOpenChange } = setup();
    await user.type(textarea, '  Visuel flou  ');
    await user.click(confirm);
    await waitFor(() => expect(reject).toHaveBeenCalledWith('c1', 'Visuel flou'));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it("answers a blank reason with the schema's message when the form is submitted anyway", async () => {
    const { textarea, reject, user } = setup();
    await user.type(textarea, '   ');
    fireEvent.submit(textarea.closest('form')!);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.rejectionRequired);
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(reject).not.toHaveBeenCalled();
    await user.type(textarea, 'Flou');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(textarea).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows the error in the dialog when the backend refuses', async () => {
    const { textarea, confirm, user } = setup(vi.fn(() => Promise.reject(new Error('boom'))));
    await user.type(textarea, 'Flou');
    await user.click(confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.internal);
  });
});
