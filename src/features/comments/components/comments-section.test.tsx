import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { COMMENT_MAX } from '@domain/limits';
import { MSG } from '@domain/messages';
import type { Comment, User } from '@domain/types';
import { toast } from '@/components/ui/toaster';
import { fakeGateway } from '@/testing/fake-gateway';
import { renderWithProviders } from '@/testing/render';
import { CommentsSection } from './comments-section';

vi.mock('@/components/ui/toaster', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const lea: User = {
  id: 'u1',
  firstName: 'Léa',
  lastName: 'Martin',
  email: 'lea@example.com',
  role: 'user',
  createdAt: '2025-01-01T00:00:00.000Z',
};

const commentOf = (text: string): Comment => ({
  id: 'k1',
  creativeId: 'c1',
  userId: lea.id,
  userFirstName: lea.firstName,
  userLastName: lea.lastName,
  text,
  createdAt: '2025-01-02T00:00:00.000Z',
  likes: 0,
  likedByMe: false,
});

function setup(add = vi.fn((_creativeId: string, text: string) => Promise.resolve(commentOf(text)))) {
  renderWithProviders(<CommentsSection creativeId="c1" />, {
    gateway: fakeGateway({ auth: { getSession: () => Promise.resolve(lea) }, comments: { list: () => Promise.resolve([]), add } }),
  });
  return { add, user: userEvent.setup() };
}

describe('CommentsSection comment form', () => {
  it('keeps Commenter disabled while the comment is blank, spaces included', async () => {
    const { user } = setup();
    const textarea = await screen.findByRole('textbox', { name: 'Votre commentaire' });
    const button = screen.getByRole('button', { name: 'Commenter' });
    expect(button).toBeDisabled();
    await user.type(textarea, '   ');
    expect(button).toBeDisabled();
    await user.type(textarea, 'x');
    expect(button).toBeEnabled();
  });

  it('sends the trimmed comment, then empties the box', async () => {
    const { add, user } = setup();
    const textarea = await screen.findByRole('textbox', { name: 'Votre commentaire' });
    await user.type(textarea, '  Super hook  ');
    await user.click(screen.getByRole('button', { name: 'Commenter' }));
    await waitFor(() => expect(add).toHaveBeenCalledWith('c1', 'Super hook'));
    await waitFor(() => expect(textarea).toHaveValue(''));
    expect(await screen.findByText('Super hook')).toBeInTheDocument();
  });

  it("refuses a comment longer than the limit with the schema's message", async () => {
    const { add, user } = setup();
    const textarea = await screen.findByRole('textbox', { name: 'Votre commentaire' });
    fireEvent.change(textarea, { target: { value: 'a'.repeat(COMMENT_MAX + 1) } });
    await user.click(screen.getByRole('button', { name: 'Commenter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.commentMax);
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(add).not.toHaveBeenCalled();
  });

  it('toasts the failure and keeps the text when adding fails', async () => {
    const { user } = setup(vi.fn(() => Promise.reject(new Error('boom'))));
    const textarea = await screen.findByRole('textbox', { name: 'Votre commentaire' });
    await user.type(textarea, 'Top');
    await user.click(screen.getByRole('button', { name: 'Commenter' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.commentError));
    expect(textarea).toHaveValue('Top');
  });
});
