/** A picture with structure (gradient, shapes, text), different for each `seed`: an SVG, 800 × 600. */
export function poster(seed: number): Buffer {
  const [from, to] = seed % 2 ? ['#1e3a8a', '#fbbf24'] : ['#f59e0b', '#0f766e'];
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <defs><linearGradient id="g" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="800" height="600" fill="url(#g)"/>
    <circle cx="${200 + ((seed * 97) % 400)}" cy="${300 - ((seed * 31) % 200)}" r="140" fill="#ffffff"/>
    <rect x="${450 - ((seed * 53) % 300)}" y="${80 + ((seed * 17) % 200)}" width="260" height="180" fill="#111827"/>
    <text x="60" y="560" font-size="72" font-family="sans-serif" fill="#e11d48">Promo ${seed}</text></svg>`);
}
