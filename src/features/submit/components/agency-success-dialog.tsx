import { CheckCircle2 } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { AGENCY_REDIRECT_MS } from '@domain/limits';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { paths } from '@/config/paths';

/** After an agency's submission (pending): says so, then goes home after AGENCY_REDIRECT_MS. */
export function AgencySuccessDialog() {
  const navigate = useNavigate();
  const goHome = () => navigate(paths.home);
  useEffect(() => {
    const timer = setTimeout(() => navigate(paths.home), AGENCY_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <Dialog open onOpenChange={(open) => !open && goHome()}>
      <DialogContent className="items-center text-center" closeLabel="Retour à l'accueil">
        <CheckCircle2 className="size-12 text-emerald-600" aria-hidden />
        <DialogTitle className="pr-0">Créative soumise !</DialogTitle>
        <DialogDescription>
          Merci ! Votre créative a bien été envoyée. Elle sera visible dans la galerie après validation par notre équipe.
        </DialogDescription>
        <p className="text-xs text-slate-500">Redirection vers l'accueil dans {AGENCY_REDIRECT_MS / 1000} secondes…</p>
        <DialogFooter className="self-stretch sm:justify-center">
          <Button onClick={goHome}>Retour à l'accueil</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
