import { AddToFolderMenu } from '@/features/folders/components/add-to-folder-menu';
import { HomePage } from '@/features/gallery/components/home-page';
import { useSession } from '@/lib/session';

/** '/': the gallery, with 'Ajouter à un dossier' on each card for signed-in users (its menu loads on first open). */
export function HomeRoute() {
  const { can } = useSession();
  return <HomePage renderCardActions={can('folder:manage') ? (creative) => <AddToFolderMenu creativeId={creative.id} /> : undefined} />;
}
