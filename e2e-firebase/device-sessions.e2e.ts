import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '@domain/messages';
import { expectNoSeriousA11yViolations, login, newPage } from '../e2e/support/browser';

/**
 * 'Déconnecter les autres appareils' on the Firebase build (docs/decisions/023): the demo member
 * signed in on two browsers; the laptop signs the phone out; the phone's next action is refused
 * by the rules and it lands on the sign-in page with the reason; the laptop goes on, and the phone
 * can sign in again.
 */

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Navigation principale' });
const devices = (page: Page) => page.getByRole('heading', { name: MSG.sessionsTitle });

describe('device sessions (Firebase)', () => {
  let laptop: Page;
  let phone: Page;

  it('the account page lists this device and offers to sign the others out', async () => {
    laptop = await newPage();
    await login(laptop, 'user');
    phone = await newPage();
    // `auth_time` counts whole seconds: the phone signs in at a later second than the laptop.
    await phone.waitForTimeout(1100);
    await login(phone, 'user');

    await laptop.goto('/account');
    await devices(laptop).waitFor();
    await laptop.getByText(MSG.thisDevice, { exact: true }).waitFor();
    await laptop.getByText(MSG.sessionsThisDeviceOnly).waitFor();
    const button = laptop.getByRole('button', { name: MSG.signOutOtherDevices });
    expect(await button.isEnabled()).toBe(true);
    await expectNoSeriousA11yViolations(laptop);

    await button.click();
    await laptop.getByText(MSG.otherDevicesSignedOut).waitFor();
  });

  it("the other browser's next action sends it to the sign-in page with the reason", async () => {
    // The phone still shows the member's menu; opening 'Dossiers' reads the profile, which the rules refuse.
    await mainNav(phone).getByRole('link', { name: 'Dossiers' }).click();
    await phone.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 });
    await phone.getByText(MSG.sessionRevoked).waitFor();
    // Signed out for good: a reload stays a visitor.
    await phone.goto('/account');
    await phone.waitForURL((url) => url.pathname === '/login');
  });

  it('the browser that asked stays signed in; the other one signs in again', async () => {
    await laptop.reload();
    await devices(laptop).waitFor();
    await laptop.getByText(MSG.thisDevice, { exact: true }).waitFor();
    await mainNav(laptop).getByRole('link', { name: 'Dossiers' }).click();
    await laptop.getByRole('heading', { level: 1, name: 'Mes dossiers' }).waitFor();
    expect(new URL(laptop.url()).pathname).toBe('/folders');

    await login(phone, 'user');
    await mainNav(phone).getByRole('link', { name: 'Dossiers' }).click();
    await phone.getByRole('heading', { level: 1, name: 'Mes dossiers' }).waitFor();
    await laptop.context().close();
    await phone.context().close();
  });
});
