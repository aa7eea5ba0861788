import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@domain/messages';
import { GatewayError } from '@/gateway/types';
import { toast } from '../ui/toaster';
import { ApproveButton, DeleteCreativeDialog, type CreativeMutation } from './moderation';

vi.mock('../ui/toaster', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** A mutation that succeeds, or fails with `error`. */
function mutation(error?: Error): CreativeMutation & { mutate: ReturnType<typeof vi.fn> } {
  return {
    isPending: false,
    mutate: vi.fn((_id: string, callbacks: { onSuccess: () => void; onError: (e: Error) => void }) =>
      error ? callbacks.onError(error) : callbacks.onSuccess(),
    ),
  };
}

describe('ApproveButton', () => {
  it("approves the creative and toasts 'Créative approuvée'", async () => {
    const approve = mutation();
    render(<ApproveButton creativeId="c1" approve={approve} />);
    await userEvent.click(screen.getByRole('button', { name: 'Approuver' }));
    expect(approve.mutate).toHaveBeenCalledWith('c1', expect.anything());
    expect(toast.success).toHaveBeenCalledWith(MSG.creativeApproved);
  });

  it("toasts the backend's message, or the generic one, when it fails", async () => {
    render(<ApproveButton creativeId="c1" approve={mutation(new GatewayError('CONFLICT', 'Déjà approuvée', 409))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Approuver' }));
    expect(toast.error).toHaveBeenCalledWith('Déjà approuvée');
    cleanup();
    render(<ApproveButton creativeId="c1" approve={mutation(new Error('network'))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Approuver' }));
    expect(toast.error).toHaveBeenLastCalledWith(MSG.internal);
  });

  it('is disabled while the approval runs', () => {
    render(<ApproveButton creativeId="c1" approve={{ ...mutation(), isPending: true }} />);
    expect(screen.getByRole('button', { name: 'Approuver' })).toBeDisabled();
  });
});

describe('DeleteCreativeDialog', () => {
  const setup = (remove: CreativeMutation, onDeleted = vi.fn()) => {
    const onOpenChange = vi.fn();
    render(
      <DeleteCreativeDialog
        creativeId="c1"
        open
        onOpenChange={onOpenChange}
        description="« Pub » et ses commentaires seront définitivement supprimés."
        remove={remove}
        errorMessage={MSG.deleteError}
        onDeleted={onDeleted}
      />,
    );
    return { onOpenChange, onDeleted };
  };

  it('asks, deletes, closes, toasts and calls onDeleted', async () => {
    const remove = mutation();
    const { onOpenChange, onDeleted } = setup(remove);
    const dialog = screen.getByRole('alertdialog', { name: MSG.deleteCreativeConfirm });
    expect(dialog).toHaveTextContent('« Pub » et ses commentaires seront définitivement supprimés.');
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    expect(remove.mutate).toHaveBeenCalledWith('c1', expect.anything());
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(toast.success).toHaveBeenCalledWith(MSG.creativeDeleted);
    expect(onDeleted).toHaveBeenCalled();
  });

  it("closes and toasts the page's error message when the deletion fails", async () => {
    const { onOpenChange, onDeleted } = setup(mutation(new Error('boom')));
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.deleteError));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
