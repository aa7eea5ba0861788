import { Link } from 'react-router';
import { buttonVariants } from '../components/ui/button';
import { paths } from '../config/paths';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
      <p className="text-5xl font-bold text-brand-700">404</p>
      <h1 className="text-2xl font-bold text-slate-900">Page introuvable</h1>
      <p className="text-sm text-slate-600">Cette adresse ne correspond à aucune page de Créathèque.</p>
      <Link to={paths.home} className={buttonVariants({ variant: 'outline' })}>
        Retour à l'accueil
      </Link>
    </div>
  );
}
