import { Copy, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { MSG } from '@domain/messages';
import { SHARE_OPTION_LABELS, SHARE_OPTIONS } from '@domain/shares';
import type { FolderShare } from '@domain/types';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { formatDate, formatNumber } from '@/lib/format';

/** The link's address as the visitor opens it. */
export const shareUrl = (token: string) => new URL(paths.share(token), window.location.origin).href;

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(MSG.shareCopied);
  } catch {
    toast.error(MSG.shareCopyError);
  }
}

/** One link of the dialog's list: its address, dates, views (where counted) and options; copy or revoke it. */
export function ShareLinkItem({ share, onRevoke, revoking }: { share: FolderShare; onRevoke: () => void; revoking: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const url = shareUrl(share.token);
  const expiry = share.expired
    ? `Expiré le ${formatDate(share.expiresAt!)}`
    : share.expiresAt
      ? `Expire le ${formatDate(share.expiresAt)}`
      : 'Sans date d’expiration';
  const options = SHARE_OPTIONS.filter((o) => share[o]).map((o) => SHARE_OPTION_LABELS[o]);
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3">
      <label className="sr-only" htmlFor={`share-${share.id}`}>
        Adresse du lien
      </label>
      <input
        id={`share-${share.id}`}
        readOnly
        value={url}
        className="w-full truncate rounded-md bg-slate-50 px-2 py-1 font-mono text-xs text-slate-700"
        onFocus={(e) => e.currentTarget.select()}
      />
      <p className="text-xs text-slate-600">
        Créé le {formatDate(share.createdAt)} · <span className={share.expired ? 'font-semibold text-red-700' : ''}>{expiry}</span>
        {share.views === null ? null : ` · ${share.views > 1 ? `${formatNumber(share.views)} vues` : `${share.views} vue`}`}
      </p>
      <p className="text-xs text-slate-600">
        {[share.hasPassword ? 'protégé par un mot de passe' : 'sans mot de passe', ...options].join(' · ')}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => void copy(url)}>
          <Copy aria-hidden />
          Copier le lien
        </Button>
        <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden />
          Révoquer
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Révoquer ce lien ?"
        description={MSG.shareRevokeConfirm}
        confirmLabel="Révoquer"
        destructive
        pending={revoking}
        onConfirm={() => {
          setConfirming(false);
          onRevoke();
        }}
      />
    </li>
  );
}
