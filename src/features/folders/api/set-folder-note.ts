import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@domain/messages';
import type { FolderCreative } from '@domain/types';
import { toast } from '@/components/ui/toaster';
import { useGateway } from '@/gateway/context';
import { mapLoaded, type PagedData } from '@/lib/pages';
import { folderCreativesKey } from './get-folder-creatives';

export interface FolderNoteChange {
  folderId: string;
  creativeId: string;
  note: string;
}

/** Saves the owner's note on a creative of a folder ('' removes it) and shows it in the folder's loaded pages. */
export function useSetFolderNote() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ folderId, creativeId, note }: FolderNoteChange) => gateway.folders.setNote(folderId, creativeId, note),
    onSuccess: ({ note }, { folderId, creativeId }) => {
      queryClient.setQueriesData<PagedData<FolderCreative>>({ queryKey: folderCreativesKey(folderId) }, (data) =>
        mapLoaded(data, (items) => items.map((c) => (c.id === creativeId ? { ...c, note } : c))),
      );
      toast.success(MSG.noteSaved);
    },
  });
}
