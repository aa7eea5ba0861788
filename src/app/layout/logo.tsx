import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function Logo() {
  return (
    <Link to={paths.home} className="flex shrink-0 items-center gap-2 rounded-lg" aria-label="Créathèque — accueil">
      <svg viewBox="0 0 64 64" className="size-8" aria-hidden>
        <rect width="64" height="64" rx="14" fill="#4338ca" />
        <path d="M42 22a14 14 0 1 0 0 20" fill="none" stroke="#fff" strokeWidth="7" strokeLinecap="round" />
        <circle cx="46" cy="32" r="4" fill="#fbbf24" />
      </svg>
      <span className="text-lg font-bold tracking-tight text-slate-900">Créathèque</span>
    </Link>
  );
}
