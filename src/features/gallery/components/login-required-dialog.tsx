import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { paths } from '@/config/paths';

/** Shown to visitors who ask for more creatives. Loaded on first use. */
export default function LoginRequiredDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogTitle>Connexion requise</DialogTitle>
        <DialogDescription>
          Connectez-vous ou créez un compte gratuit pour parcourir toute la galerie, liker et commenter les créas.
        </DialogDescription>
        <DialogFooter>
          <Link to={paths.register} className={buttonVariants({ variant: 'outline' })}>
            Inscription
          </Link>
          <Link to={paths.login} className={buttonVariants()}>
            Connexion
          </Link>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
