import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@domain/messages';
import { toast } from '@/components/ui/toaster';
import { GatewayError } from '@/gateway/types';
import { fakeGateway } from '@/testing/fake-gateway';
import { renderWithProviders } from '@/testing/render';
import CommentForm from './comment-form';

vi.mock('@/components/ui/toaster', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

async function comment(error: Error) {
  renderWithProviders(<CommentForm creativeId="c1" />, { gateway: fakeGateway({ comments: { add: () => Promise.reject(error) } }) });
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Votre commentaire' }), 'Super hook');
  await user.click(screen.getByRole('button', { name: 'Commenter' }));
}

describe('CommentForm failures', () => {
  it("toasts the server's message when commenting too often, and keeps the text", async () => {
    await comment(new GatewayError('RATE_LIMITED', MSG.tooManyWrites(300), 429));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Trop d'actions en peu de temps. Réessayez dans 5 minutes."));
    expect(screen.getByRole('textbox', { name: 'Votre commentaire' })).toHaveValue('Super hook');
  });

  it("toasts the spec's message for any other failure", async () => {
    await comment(new GatewayError('INTERNAL', MSG.internal, 500));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.commentError));
  });
});
