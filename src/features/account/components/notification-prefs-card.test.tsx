import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@domain/messages';
import { defaultEmailPrefs, type NotificationEmailPrefs } from '@domain/notifications';
import type { User } from '@domain/types';
import { toast } from '@/components/ui/toaster';
import { fakeGateway } from '@/testing/fake-gateway';
import { renderWithProviders } from '@/testing/render';
import { NotificationPrefsCard } from './notification-prefs-card';

vi.mock('@/components/ui/toaster', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const agency: User = { id: 'a', firstName: 'Agathe', lastName: 'Agence', email: 'a@example.com', role: 'agency', createdAt: '' };

describe('NotificationPrefsCard', () => {
  it("shows the role's kinds with their defaults and saves a change as it is ticked", async () => {
    const setEmailPrefs = vi.fn((changes: Partial<NotificationEmailPrefs>) =>
      Promise.resolve({ ...defaultEmailPrefs('agency'), ...changes }),
    );
    renderWithProviders(<NotificationPrefsCard user={agency} />, {
      gateway: fakeGateway({ notifications: { emailPrefs: () => Promise.resolve(defaultEmailPrefs('agency')), setEmailPrefs } }),
    });
    const approved = await screen.findByRole('checkbox', { name: 'Ma créative est approuvée' });
    expect(approved).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Ma créative est refusée' })).toBeChecked();
    const comment = screen.getByRole('checkbox', { name: 'Un commentaire sur ma créative' });
    expect(comment).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Une nouvelle créative attend une validation' })).not.toBeInTheDocument();

    await userEvent.setup().click(comment);
    await waitFor(() => expect(setEmailPrefs).toHaveBeenCalledWith({ comment: true }));
    await waitFor(() => expect(comment).toBeChecked());
    expect(toast.success).toHaveBeenCalledWith(MSG.notificationPrefsSaved);
  });
});
