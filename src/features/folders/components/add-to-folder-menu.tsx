import { FolderPlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

// The menu (Radix DropdownMenu, the folder queries) is fetched on first open so gallery cards stay light.
const loadMenu = () => import('./folder-menu');
const FolderMenu = lazy(loadMenu);

const LABEL = 'Ajouter à un dossier';

export interface AddToFolderMenuProps {
  creativeId: string;
  /** 'icon' on gallery cards, 'button' (with its label) on the detail page. */
  variant?: 'icon' | 'button';
}

/** 'Ajouter à un dossier': the user's folders with a tick on those holding the creative, and 'Nouveau dossier'. */
export function AddToFolderMenu({ creativeId, variant = 'icon' }: AddToFolderMenuProps) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);

  const trigger = (props: React.ComponentProps<'button'> = {}) => (
    <Button
      variant={variant === 'icon' ? 'ghost' : 'outline'}
      size={variant === 'icon' ? 'icon' : 'md'}
      className={cn(variant === 'icon' && 'size-8 text-slate-600 [&_svg]:size-4')}
      aria-label={variant === 'icon' ? LABEL : undefined}
      title={variant === 'icon' ? LABEL : undefined}
      aria-haspopup="menu"
      aria-expanded={open}
      {...props}
    >
      <FolderPlus aria-hidden />
      {variant === 'button' ? LABEL : null}
    </Button>
  );

  if (!requested) {
    return trigger({
      onPointerEnter: () => void loadMenu(),
      onFocus: () => void loadMenu(),
      onClick: () => {
        setRequested(true);
        setOpen(true);
      },
    });
  }
  return (
    <Suspense fallback={trigger({ 'aria-busy': true })}>
      <FolderMenu creativeId={creativeId} open={open} onOpenChange={setOpen} trigger={trigger()} />
    </Suspense>
  );
}
