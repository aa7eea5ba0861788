import { FoldersPage } from '@/features/folders/components/folders-page';
import { ShareFolderButton } from '@/features/shares/components/share-dialog';
import { useGateway } from '@/gateway/context';

/** /folders, composed with 'Partager' (share links) on the selected folder where the backend offers them. */
export function FoldersRoute() {
  const { features } = useGateway();
  return <FoldersPage renderFolderActions={features.folderShares ? (folder) => <ShareFolderButton folder={folder} /> : undefined} />;
}
