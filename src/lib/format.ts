// Paris time, wherever the page is rendered: a server-rendered page and its hydration in the
// browser must show the same text, and the library's dates are French ones.
const TIME_ZONE = 'Europe/Paris';
const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE });
const date = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeZone: TIME_ZONE });

export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

export function formatDate(iso: string): string {
  return date.format(new Date(iso));
}

const number = new Intl.NumberFormat('fr-FR');
export function formatNumber(n: number): string {
  return number.format(n);
}

const decimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
/** 2 411 724 → '2,3 Mo'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} o`;
  if (bytes < 1024 * 1024) return `${decimal.format(bytes / 1024)} Ko`;
  return `${decimal.format(bytes / (1024 * 1024))} Mo`;
}
