import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, expect, inject } from 'vitest';
import type { Role } from '@domain/roles';
import { DEMO_ACCOUNTS as SEED_ACCOUNTS, DEMO_PASSWORD } from '@server/db/seed/accounts';

/** Headless Debian Chromium for the journeys (never a downloaded browser). */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SCREENSHOT_DIR = path.join(root, 'e2e', 'screenshots');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 390, height: 844 } as const;

export type DemoRole = Role;
export { DEMO_PASSWORD };

function demoEmail(role: DemoRole): string {
  const account = SEED_ACCOUNTS.find((a) => a.role === role);
  if (!account) throw new Error(`server/db/seed/accounts.ts has no demo account with the role ${role}`);
  return account.email;
}

/** E-mail of the demo account of each role: the seed's own list (server/db/seed/accounts.ts). */
export const DEMO_ACCOUNTS: Record<DemoRole, string> = {
  admin: demoEmail('admin'),
  specialist: demoEmail('specialist'),
  agency: demoEmail('agency'),
  user: demoEmail('user'),
};

/** The server started by e2e/support/server.ts, e.g. http://127.0.0.1:41234. */
export function baseUrl(): string {
  return inject('baseUrl');
}

let browser: Browser | undefined;
const contexts = new Set<BrowserContext>();

export async function getBrowser(): Promise<Browser> {
  if (browser?.isConnected()) return browser;
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`);
  }
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  return browser;
}

/** Closes every page and the browser (registered with afterAll for each e2e file that imports this). */
export async function closeBrowser(): Promise<void> {
  for (const context of contexts) await context.close().catch(() => {});
  contexts.clear();
  const b = browser;
  browser = undefined;
  await b?.close().catch(() => {});
}
afterAll(closeBrowser);

/** What React says when a server-rendered page and its first render in the browser differ, or a render fails. */
const RENDER_PROBLEM = /hydrat|did not match|Minified React error|server rendered/i;
/** Chrome's own line for an answer with an error status (not something the app logged). */
const NETWORK_ANSWER = /^Failed to load resource: /;
/** Uncaught errors, console errors and render problems of the current test's pages: the test fails on any. */
const pageFailures: string[] = [];
afterEach(() => {
  const found = pageFailures.splice(0);
  expect(found, 'uncaught errors or hydration problems in the browser').toEqual([]);
});

/**
 * A fresh page in its own context (no cookies shared), French locale, relative URLs resolved
 * against the e2e server. Desktop 1280×800 by default; pass MOBILE for 390×844.
 */
export async function newPage(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const b = await getBrowser();
  const context = await b.newContext({
    baseURL: baseUrl(),
    viewport: { width: viewport.width, height: viewport.height },
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    isMobile: viewport.width < 768,
    hasTouch: viewport.width < 768,
  });
  contexts.add(context);
  context.on('close', () => contexts.delete(context));
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.setDefaultNavigationTimeout(30_000);
  page.on('pageerror', (err) => {
    console.error(`[browser] uncaught error on ${page.url()}: ${err.message}`);
    pageFailures.push(`uncaught error on ${page.url()}: ${err.message}`);
  });
  page.on('console', (message) => {
    const text = message.text();
    // Chrome logs every 4xx/5xx answer as an error: those a journey provokes are its assertions' business.
    const appError = message.type() === 'error' && !NETWORK_ANSWER.test(text);
    if (appError || RENDER_PROBLEM.test(text)) pageFailures.push(`${message.type()} on ${page.url()}: ${text}`);
  });
  return page;
}

/**
 * Waits until React has adopted the server-rendered markup of the page. Before that, the page
 * shows and links work, but pointer events (a hover that starts a preview) reach no handler yet.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const first = document.getElementById('root')?.firstElementChild;
    return !!first && Object.keys(first).some((key) => key.startsWith('__reactFiber'));
  });
}

/** Signs in a demo account through the login form and waits for the home page. */
export async function login(page: Page, role: DemoRole): Promise<void> {
  const email = DEMO_ACCOUNTS[role];
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
}

/**
 * Waits for the running finite animations and transitions (dialog fades, toasts). Infinite ones
 * (skeleton pulses, spinners) never finish and are skipped.
 */
export async function settleAnimations(page: Page): Promise<void> {
  // A transition can start a frame after the last one ended (a sort switching on once the URL's term
  // lands): wait until two frames in a row begin with nothing finite running, for 3 s at most.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const deadline = performance.now() + 3000;
    while (performance.now() < deadline) {
      await frame();
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().iterations ?? 1));
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

export interface A11yOptions {
  /** CSS selectors to leave out of the scan. */
  exclude?: string[];
  /** axe rule ids to skip (say why where you use it). */
  disableRules?: string[];
}

/** Runs axe on the current page; fails on any violation of impact serious or critical, listing them. */
export async function expectNoSeriousA11yViolations(page: Page, options: A11yOptions = {}): Promise<void> {
  // Let colour fades and dialog animations finish: axe measures contrast on what is painted now.
  await settleAnimations(page);
  let builder = new AxeBuilder({ page });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length > 0) {
    const report = serious
      .map((v) => {
        const nodes = v.nodes
          .slice(0, 5)
          .map((n) => `      - ${n.target.join(' ')}\n        ${(n.failureSummary ?? '').replace(/\n/g, '\n        ')}`)
          .join('\n');
        const more = v.nodes.length > 5 ? `\n      … and ${v.nodes.length - 5} more` : '';
        return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
      })
      .join('\n');
    console.error(`[axe] ${serious.length} serious/critical violation(s) on ${page.url()}:\n${report}`);
  }
  expect(
    serious.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length} node(s))`),
    `axe violations on ${page.url()}`,
  ).toEqual([]);
}

/**
 * Saves a PNG to e2e/screenshots/<name>.png (gitignored) and returns its path: the full page by
 * default, only the viewport with `{ fullPage: false }` (open dialogs and menus).
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^a-z0-9._-]+/gi, '-')}.png`);
  // Let entrance animations (toasts, dialogs) settle so the picture shows the resting state.
  await settleAnimations(page);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
  return file;
}

/** One tag chip per category group of the submit form, as [group, chip]. */
export const ONE_CHIP_PER_GROUP: readonly (readonly [group: string, chip: string])[] = [
  ['Format', 'Statique'],
  ['Objectif', 'TOFU'],
  ['Type', 'Humour'],
  ['Secteur', 'Food'],
  ['Plateforme', 'Meta'],
];

/** Presses the chips of ONE_CHIP_PER_GROUP in the submit form. */
export async function pickOneChipPerGroup(page: Page): Promise<void> {
  for (const [group, chip] of ONE_CHIP_PER_GROUP) {
    await page
      .getByRole('group', { name: new RegExp(`^${group} \\(`) })
      .getByRole('button', { name: chip, exact: true })
      .click();
  }
}

/** Waits for a toast saying `text`. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page
    .getByRole('region', { name: /Notifications/ })
    .getByText(text)
    .first()
    .waitFor();
}

/**
 * Closes the toasts (Sonner keeps them 5 s), so the next assertions see only new ones; behind an open
 * dialog they cannot be clicked and are waited out.
 */
export async function closeToasts(page: Page): Promise<void> {
  for (const button of await page.locator('[data-sonner-toast] [data-close-button]').all()) {
    await button.click({ timeout: 1000 }).catch(() => undefined);
  }
  await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 10_000 }).toBe(0);
}

/** A fresh account, as the registration form takes it. */
export interface FormAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** Registers `account` through /register and waits for the home page (signed in). */
export async function registerThroughForm(page: Page, account: FormAccount): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Prénom', { exact: true }).fill(account.firstName);
  await page.getByLabel('Nom', { exact: true }).fill(account.lastName);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: "S'inscrire" }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Fills and sends the /login form (the caller checks what follows). */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}
