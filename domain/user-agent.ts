/**
 * A device as a person names it, from a browser's User-Agent: 'Chrome sur Windows',
 * 'Safari sur iPhone'. Order matters: Edge and Opera also say Chrome, Chrome also says Safari,
 * an iPad may say Macintosh. Unknown parts read 'Navigateur inconnu' / 'système inconnu'.
 */
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

export const UNKNOWN_BROWSER = 'Navigateur inconnu';
const UNKNOWN_SYSTEM = 'système inconnu';

export function describeUserAgent(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (!browser && !system) return UNKNOWN_BROWSER;
  return `${browser ?? UNKNOWN_BROWSER} sur ${system ?? UNKNOWN_SYSTEM}`;
}
