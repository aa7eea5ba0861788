import { Share2 } from 'lucide-react';
import { useState } from 'react';
import type { Folder } from '@domain/types';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { useFolderShares } from '../api/get-folder-shares';
import { useRevokeFolderShare } from '../api/revoke-folder-share';
import { ShareForm } from './share-form';
import { ShareLinkItem } from './share-link-item';

/** 'Partager' on the folder page: a dialog to create the folder's links, copy them, see their views and revoke them. */
export function ShareFolderButton({ folder }: { folder: Folder }) {
  const [open, setOpen] = useState(false);
  const shares = useFolderShares(folder.id, open);
  const revoke = useRevokeFolderShare(folder.id);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Share2 aria-hidden />
          Partager
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogTitle>Partager « {folder.name} »</DialogTitle>
        <DialogDescription>
          Toute personne qui a le lien voit les créas validées de ce dossier, sans compte. Vos likes, commentaires et autres dossiers
          restent privés.
        </DialogDescription>
        <ShareForm folderId={folder.id} />
        <section aria-labelledby="share-links-title" className="flex flex-col gap-2 border-t border-slate-100 pt-4">
          <h3 id="share-links-title" className="text-sm font-semibold text-slate-900">
            Liens de ce dossier
          </h3>
          {shares.isPending ? (
            <p className="text-sm text-slate-500">Chargement…</p>
          ) : shares.isError ? (
            <p role="alert" className="text-sm text-red-700">
              Impossible de charger les liens. Veuillez réessayer.
            </p>
          ) : shares.data.length === 0 ? (
            <p className="text-sm text-slate-600">Aucun lien pour l’instant.</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {shares.data.map((share) => (
                <ShareLinkItem key={share.id} share={share} revoking={revoke.isPending} onRevoke={() => revoke.mutate(share.id)} />
              ))}
            </ul>
          )}
        </section>
      </DialogContent>
    </Dialog>
  );
}
