import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AppNotification } from '@domain/notifications';
import type { Page } from '@domain/types';
import { fakeGateway } from '@/testing/fake-gateway';
import { renderWithProviders } from '@/testing/render';
import { bellLabel, NotificationBell } from './notification-bell';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const NOTIFICATIONS: AppNotification[] = [
  {
    id: 'n1',
    type: 'creative_approved',
    creativeId: 'c1',
    creativeName: 'Été 2026',
    commentId: null,
    actor: { firstName: 'Sophie', lastName: 'Martin' },
    actorCount: 1,
    reason: null,
    createdAt: minutesAgo(5),
    read: false,
  },
  {
    id: 'n2',
    type: 'comment_like',
    creativeId: 'c2',
    creativeName: 'Hiver',
    commentId: 'k1',
    actor: { firstName: 'Marie', lastName: 'Dupont' },
    actorCount: 4,
    reason: null,
    createdAt: minutesAgo(120),
    read: true,
  },
];

function setup(items: AppNotification[] = NOTIFICATIONS, unread = 1) {
  let push: (count: number) => void = () => {};
  const notifications = {
    watchUnreadCount: vi.fn((onCount: (count: number) => void) => {
      push = onCount;
      onCount(unread);
      return () => {};
    }),
    list: vi.fn(() => Promise.resolve<Page<AppNotification>>({ items, nextCursor: null })),
    markRead: vi.fn(() => Promise.resolve()),
    markAllRead: vi.fn(() => Promise.resolve()),
  };
  renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <NotificationBell userId="u1" />
            <p>Accueil</p>
          </>
        }
      />
      <Route path="/creatives/:id" element={<p>Page de la créative</p>} />
    </Routes>,
    { gateway: fakeGateway({ notifications }) },
  );
  return { notifications, push: (count: number) => push(count), user: userEvent.setup() };
}

describe('NotificationBell', () => {
  it('names the live unread count', async () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(1)).toBe('Notifications, 1 non lue');
    const { push } = setup();
    expect(screen.getByRole('button', { name: 'Notifications, 1 non lue' })).toBeInTheDocument();
    push(3);
    expect(await screen.findByRole('button', { name: 'Notifications, 3 non lues' })).toBeInTheDocument();
  });

  it('opens a panel with the latest, their time and unread state; Escape closes it and focus returns', async () => {
    const { user } = setup();
    const bell = screen.getByRole('button', { name: 'Notifications, 1 non lue' });
    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const links = await within(panel).findAllByRole('link');
    expect(links[0]).toHaveTextContent('Non lue : Votre créative « Été 2026 » a été approuvée');
    expect(links[0]).toHaveTextContent('il y a 5 min');
    expect(links[0]).toHaveAttribute('href', '/creatives/c1');
    expect(links[1]).toHaveTextContent('Marie Dupont et 3 autres ont aimé votre commentaire');
    expect(links[1]).not.toHaveTextContent('Non lue');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bell).toHaveFocus();
  });

  it("marks all read with 'Tout marquer comme lu'", async () => {
    const { user, notifications } = setup();
    await user.click(screen.getByRole('button', { name: /Notifications/ }));
    await user.click(await screen.findByRole('button', { name: 'Tout marquer comme lu' }));
    await waitFor(() => expect(notifications.markAllRead).toHaveBeenCalled());
    const links = await within(screen.getByRole('dialog')).findAllByRole('link');
    await waitFor(() => expect(links[0]).not.toHaveTextContent('Non lue'));
  });

  it('marks one read and navigates to its target when clicked', async () => {
    const { user, notifications } = setup();
    await user.click(screen.getByRole('button', { name: /Notifications/ }));
    await user.click(await screen.findByRole('link', { name: /Été 2026/ }));
    expect(notifications.markRead).toHaveBeenCalledWith('n1');
    expect(await screen.findByText('Page de la créative')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says 'Aucune notification' when there is none", async () => {
    const { user } = setup([], 0);
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Aucune notification')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tout marquer comme lu' })).toBeDisabled();
  });
});
