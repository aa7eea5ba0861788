/**
 * What the web benchmark measures inside the page and through the DevTools protocol: LCP, CLS,
 * long tasks (for TBT), the Event Timing of an interaction (INP) and the bytes that came over the
 * network. The observers are installed before any script of the page runs (addInitScript).
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

export interface Profile {
  name: 'desktop' | 'phone';
  viewport: { width: number; height: number };
  /** Chrome's CPU slowdown factor (1 = none). */
  cpuSlowdown: number;
  /** null = loopback as is. */
  network: { latencyMs: number; downKbps: number; upKbps: number } | null;
  mobile: boolean;
}

export const PROFILES: Profile[] = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, cpuSlowdown: 1, network: null, mobile: false },
  {
    name: 'phone',
    viewport: { width: 390, height: 844 },
    cpuSlowdown: 4,
    network: { latencyMs: 150, downKbps: 1600, upKbps: 750 },
    mobile: true,
  },
];

export interface PageVitals {
  lcpMs: number;
  /** Sum of every layout shift without recent input (an upper bound of CLS's worst window). */
  cls: number;
  /** Long-task time over 50 ms, from first contentful paint until the page settled. */
  tbtMs: number;
  fcpMs: number;
  /** The largest contentful element, for reading the report ("img", "h1"…). */
  lcpElement: string;
}

/** What the observers gather in the page (window.__vitals). */
interface Gathered {
  lcp: number;
  lcpElement: string;
  cls: number;
  fcp: number;
  longTasks: [number, number][];
  interactions: number[];
}

/**
 * Installed in every page of the context before its own scripts. Plain JavaScript in a string:
 * it runs in the browser, and this Node project has no DOM types.
 */
const OBSERVERS = `(() => {
  const v = (window.__vitals = { lcp: 0, lcpElement: '', cls: 0, fcp: 0, longTasks: [], interactions: [] });
  const observe = (type, onEntry, extra) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true, ...extra });
    } catch {
      /* entry type not supported */
    }
  };
  observe('largest-contentful-paint', (e) => {
    v.lcp = e.startTime;
    v.lcpElement = e.element ? e.element.tagName.toLowerCase() : '';
  });
  observe('layout-shift', (e) => {
    if (!e.hadRecentInput) v.cls += e.value;
  });
  observe('paint', (e) => {
    if (e.name === 'first-contentful-paint') v.fcp = e.startTime;
  });
  observe('longtask', (e) => v.longTasks.push([e.startTime, e.duration]));
  observe('event', (e) => {
    if (e.interactionId) v.interactions.push(e.duration);
  }, { durationThreshold: 16 });
})();`;

const gathered = (page: Page) => page.evaluate('window.__vitals') as Promise<Gathered>;

export async function prepareContext(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: OBSERVERS });
}

/** Throttles the page's CPU and network and counts the bytes it receives (headers included). */
export async function instrument(page: Page, profile: Profile): Promise<{ cdp: CDPSession; bytes: () => number; reset: () => void }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  if (profile.network) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.network.latencyMs,
      downloadThroughput: (profile.network.downKbps * 1000) / 8,
      uploadThroughput: (profile.network.upKbps * 1000) / 8,
    });
  }
  if (profile.cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  let total = 0;
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
    total += e.encodedDataLength;
  });
  return { cdp, bytes: () => total, reset: () => (total = 0) };
}

/** Reads the page's vitals once it has settled (no request for 500 ms, then a quiet second). */
export async function readVitals(page: Page): Promise<PageVitals> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const v = await gathered(page);
  const tbt = v.longTasks.filter(([start]) => start >= v.fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
  return {
    lcpMs: Math.round(v.lcp),
    cls: Number(v.cls.toFixed(4)),
    tbtMs: Math.round(tbt),
    fcpMs: Math.round(v.fcp),
    lcpElement: v.lcpElement,
  };
}

/** The longest Event Timing duration of the interactions so far (INP over one interaction). */
export async function longestInteractionMs(page: Page): Promise<number | null> {
  await page.waitForTimeout(500);
  const durations = (await gathered(page)).interactions;
  return durations.length ? Math.max(...durations) : null;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
