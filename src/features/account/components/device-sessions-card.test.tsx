import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@domain/messages';
import type { DeviceSession } from '@domain/types';
import { toast } from '@/components/ui/toaster';
import { fakeGateway } from '@/testing/fake-gateway';
import { renderWithProviders } from '@/testing/render';
import { DeviceSessionsCard } from './device-sessions-card';

vi.mock('@/components/ui/toaster', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const thisDevice: DeviceSession = {
  id: 'this-device',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  createdAt: '2026-11-27T09:00:00.000Z',
  lastActiveAt: '2026-11-27T12:00:00.000Z',
  current: true,
};

function gatewayWith(otherDevicesListed: boolean, revokeOtherSessions = vi.fn(() => Promise.resolve())) {
  return fakeGateway({
    features: { deviceSessions: true, otherDevicesListed },
    auth: { sessions: () => Promise.resolve([thisDevice]), revokeOtherSessions },
  });
}

describe('DeviceSessionsCard', () => {
  it('where only this device can be listed (Firebase), says so and keeps the button offered', async () => {
    const revokeOtherSessions = vi.fn(() => Promise.resolve());
    renderWithProviders(<DeviceSessionsCard />, { gateway: gatewayWith(false, revokeOtherSessions) });
    await screen.findByText(MSG.thisDevice);
    expect(screen.getByText(MSG.sessionsThisDeviceOnly)).toBeInTheDocument();
    const button = screen.getByRole('button', { name: MSG.signOutOtherDevices });
    expect(button).toBeEnabled();
    await userEvent.setup().click(button);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.otherDevicesSignedOut));
    expect(revokeOtherSessions).toHaveBeenCalledOnce();
  });

  it('where every device is listed, disables the button when this one is alone', async () => {
    renderWithProviders(<DeviceSessionsCard />, { gateway: gatewayWith(true) });
    await screen.findByText(MSG.thisDevice);
    expect(screen.queryByText(MSG.sessionsThisDeviceOnly)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: MSG.signOutOtherDevices })).toBeDisabled();
  });
});
