import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';

export function HomePage() {
  const { user } = useSession();
  return (
    <section className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {user ? `Bonjour ${user.firstName} !` : 'Les meilleures créas publicitaires, analysées.'}
      </h1>
      <p className="mt-3 max-w-2xl text-slate-600">
        Parcourez une bibliothèque de créatives images et vidéos, avec l'analyse de nos experts.
      </p>
      {!user ? (
        <div className="mt-6 flex gap-3">
          <Link to={paths.register} className={buttonVariants({ size: 'lg' })}>
            Inscription
          </Link>
        </div>
      ) : null}
    </section>
  );
}
