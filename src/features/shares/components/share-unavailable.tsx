import { Link2Off, TimerOff } from 'lucide-react';
import { Link } from 'react-router';
import { MSG } from '@domain/messages';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { GatewayError } from '@/gateway/types';

/** Why a link opens nothing: expired (410), unknown or revoked (404), a backend without links (501), or another failure. */
function reasonOf(error: unknown): { title: string; text: string; expired: boolean } {
  // A backend without share links (features.folderShares: false).
  if (error instanceof GatewayError && error.status === 501) return { title: error.message, text: '', expired: false };
  if (error instanceof GatewayError && error.code === 'GONE') {
    return { title: MSG.shareExpired, text: 'Demandez un nouveau lien à la personne qui vous l’a envoyé.', expired: true };
  }
  if (error instanceof GatewayError && error.status === 404) {
    return {
      title: MSG.shareNotFound,
      text: 'Il a peut-être été révoqué, ou son adresse est incomplète. Demandez un nouveau lien à la personne qui vous l’a envoyé.',
      expired: false,
    };
  }
  return { title: 'Impossible d’ouvrir ce lien de partage', text: 'Veuillez réessayer dans quelques instants.', expired: false };
}

/** The page a link shows when it opens nothing: inside the app's layout, not its 404. */
export function ShareUnavailable({ error }: { error: unknown }) {
  const { title, text, expired } = reasonOf(error);
  const Icon = expired ? TimerOff : Link2Off;
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
      <Icon className="size-12 text-slate-400" aria-hidden />
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {text ? <p className="text-slate-600">{text}</p> : null}
      <Link to={paths.home} className={buttonVariants({ variant: 'outline' })}>
        Découvrir la galerie
      </Link>
    </div>
  );
}
