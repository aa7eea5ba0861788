import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { COMMENT_MAX } from '@domain/limits';
import { MSG } from '@domain/messages';
import type { Comment, Page, User } from '@domain/types';
import type { PageQuery } from '@/gateway/types';
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

/** The creative's comments, newest first, as the backend keeps them: what `add` stores comes first. */
function setup(add = vi.fn((_creativeId: string, text: string) => Promise.resolve(commentOf(text)))) {
  const stored: Comment[] = [];
  renderWithProviders(<CommentsSection creativeId="c1" />, {
    gateway: fakeGateway({
      auth: { getSession: () => Promise.resolve(lea) },
      comments: {
        list: () => Promise.resolve({ items: [...stored], nextCursor: null }),
        add: async (creativeId: string, text: string) => {
          const comment = await add(creativeId, text);
          stored.unshift(comment);
          return comment;
        },
      },
    }),
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

describe('CommentsSection paging', () => {
  const many = Array.from({ length: 5 }, (_, i) => ({ ...commentOf(`Avis ${i + 1}`), id: `k${i + 1}` }));

  it("shows the creative's count and loads older comments with 'Charger plus' until the end", async () => {
    const list = vi.fn((_creativeId: string, page?: PageQuery): Promise<Page<Comment>> =>
      Promise.resolve(page?.cursor ? { items: many.slice(3), nextCursor: null } : { items: many.slice(0, 3), nextCursor: 'k3' }),
    );
    renderWithProviders(<CommentsSection creativeId="c1" count={5} />, { gateway: fakeGateway({ comments: { list } }) });
    expect(screen.getByRole('heading', { name: 'Commentaires (5)' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Charger plus' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(5));
    expect(list).toHaveBeenLastCalledWith('c1', { cursor: 'k3' });
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('p.whitespace-pre-line')?.textContent)).toEqual(
      many.map((c) => c.text),
    );
    expect(screen.queryByRole('button', { name: 'Charger plus' })).not.toBeInTheDocument();
  });
});
