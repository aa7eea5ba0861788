import { loadSharp } from '@server/media/sharp';

/**
 * Demo images that look like ads, drawn at seed time from SVG layouts (nothing is downloaded).
 * Four layouts × the palette and copy of each creative.
 */
export interface AdArt {
  layout: 'hero' | 'split' | 'story' | 'promo';
  /** Width × height in pixels of the rendered image. */
  size: [number, number];
  palette: [background: string, accent: string, ink: string];
  brand: string;
  headline: string;
  subline: string;
  cta: string;
  badge?: string;
}

const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Splits a headline on spaces into lines of at most `max` characters. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

function text(lines: string[], x: number, y: number, size: number, color: string, weight = 800, anchor = 'start') {
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${y + i * size * 1.12}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${color}" text-anchor="${anchor}">${escape(line)}</text>`,
    )
    .join('');
}

function button(label: string, x: number, y: number, bg: string, fg: string, anchor: 'start' | 'middle' = 'start') {
  const w = label.length * 13 + 56;
  const left = anchor === 'middle' ? x - w / 2 : x;
  return `<rect x="${left}" y="${y}" width="${w}" height="52" rx="26" fill="${bg}"/>${text([label], left + w / 2, y + 34, 22, fg, 700, 'middle')}`;
}

function product(cx: number, cy: number, r: number, accent: string, ink: string) {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${accent}" opacity="0.95"/>
    <rect x="${cx - r * 0.42}" y="${cy - r * 0.75}" width="${r * 0.84}" height="${r * 1.5}" rx="${r * 0.18}" fill="#ffffff"/>
    <rect x="${cx - r * 0.42}" y="${cy - r * 0.2}" width="${r * 0.84}" height="${r * 0.42}" fill="${ink}" opacity="0.85"/>
    <circle cx="${cx}" cy="${cy - r * 0.52}" r="${r * 0.12}" fill="${accent}"/>`;
}

function badge(label: string, cx: number, cy: number, color: string, ink: string) {
  return `<circle cx="${cx}" cy="${cy}" r="62" fill="${color}"/>${text(wrap(label, 8), cx, cy - (wrap(label, 8).length - 1) * 12 + 8, 24, ink, 800, 'middle')}`;
}

export function adSvg(art: AdArt): string {
  const [w, h] = art.size;
  const [bg, accent, ink] = art.palette;
  const headline = wrap(art.headline.toUpperCase(), art.layout === 'story' ? 14 : 16);
  let body = '';
  switch (art.layout) {
    case 'hero':
      body = `<rect width="${w}" height="${h}" fill="${bg}"/>
        <circle cx="${w * 0.85}" cy="${h * 0.12}" r="${w * 0.35}" fill="${accent}" opacity="0.35"/>
        ${product(w * 0.68, h * 0.58, w * 0.24, accent, ink)}
        ${text([art.brand], 40, 64, 26, ink, 700)}
        ${text(headline, 40, h * 0.3, 44, ink)}
        ${text(wrap(art.subline, 26), 40, h * 0.3 + headline.length * 50 + 20, 22, ink, 400)}
        ${button(art.cta, 40, h - 100, ink, bg)}
        ${art.badge ? badge(art.badge, w - 90, h - 120, ink, bg) : ''}`;
      break;
    case 'split': {
      const top = h * 0.57;
      const sub = wrap(art.subline, 40);
      const subY = top + headline.length * 45 + 8;
      const buttonY = Math.min(h - 66, subY + sub.length * 24 + 12);
      body = `<rect width="${w}" height="${h}" fill="${bg}"/>
        <rect y="${h * 0.5}" width="${w}" height="${h * 0.5}" fill="${ink}"/>
        ${product(w * 0.5, h * 0.28, w * 0.19, accent, ink)}
        ${text([art.brand], w / 2, 52, 24, ink, 700, 'middle')}
        ${text(headline, w / 2, top, 40, bg, 800, 'middle')}
        ${text(sub, w / 2, subY, 19, bg, 400, 'middle')}
        ${button(art.cta, w / 2, buttonY, accent, ink, 'middle')}
        ${art.badge ? badge(art.badge, w - 84, h * 0.44, accent, ink) : ''}`;
      break;
    }
    case 'story':
      body = `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${accent}"/></linearGradient></defs>
        <rect width="${w}" height="${h}" fill="url(#g)"/>
        <rect x="24" y="24" width="${w - 48}" height="8" rx="4" fill="#ffffff" opacity="0.5"/>
        <rect x="24" y="24" width="${(w - 48) * 0.4}" height="8" rx="4" fill="#ffffff"/>
        ${text([art.brand], 40, 84, 24, ink, 700)}
        ${product(w / 2, h * 0.42, w * 0.26, ink, accent)}
        ${text(headline, w / 2, h * 0.68, 42, ink, 800, 'middle')}
        ${text(wrap(art.subline, 30), w / 2, h * 0.68 + headline.length * 47 + 16, 21, ink, 400, 'middle')}
        ${button(art.cta, w / 2, h - 120, ink, '#ffffff', 'middle')}`;
      break;
    case 'promo':
      body = `<rect width="${w}" height="${h}" fill="${ink}"/>
        <rect x="20" y="20" width="${w - 40}" height="${h - 40}" rx="28" fill="${bg}"/>
        <path d="M0 ${h * 0.7} L${w} ${h * 0.45} L${w} ${h} L0 ${h} Z" fill="${accent}" opacity="0.9"/>
        ${text([art.brand], 48, 80, 24, ink, 700)}
        ${text(headline, 48, 150, 46, ink)}
        ${text(wrap(art.subline, 30), 48, 150 + headline.length * 52 + 12, 21, ink, 400)}
        ${art.badge ? badge(art.badge, w - 110, h * 0.42, ink, bg) : ''}
        ${button(art.cta, 48, h - 110, ink, '#ffffff')}`;
      break;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
}

/** Renders an ad to JPEG (photos and flat art both compress well enough at this size). */
export async function renderAd(art: AdArt): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(adSvg(art)))
    .jpeg({ quality: 84, mozjpeg: true })
    .toBuffer();
}

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * The words a demo image shows, one line per line drawn, in drawing order: taken from its SVG, so
 * they are exactly what the picture says (the seed stores them as the creative's media text, as the
 * OCR would have read them).
 */
export function drawnText(art: AdArt): string {
  return [...adSvg(art).matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => unescape(m[1]!)).join('\n');
}
