import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Creative, Folder } from '@domain/types';
import { useGateway } from '@/gateway/context';
import { logWriteFailure } from '@/lib/errors';
import { mapLoaded, type PagedData } from '@/lib/pages';
import { allFolderCreativesKey, folderCreativesKey } from './get-folder-creatives';
import { foldersKey } from './get-folders';

const FOLDER_CHANGE_KEY = ['folders', 'change'] as const;

export interface FolderCreativeChange {
  folderId: string;
  creativeId: string;
  /** true adds the creative to the folder, false removes it. */
  add: boolean;
}

/**
 * Files a creative into a folder or takes it out. The tick (and, on removal, the folder's grid)
 * changes at once and is rolled back if the backend refuses; failures are only logged (spec §8) unless it is for writing too often.
 */
export function useToggleFolderCreative() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: FOLDER_CHANGE_KEY,
    mutationFn: ({ folderId, creativeId, add }: FolderCreativeChange) =>
      add ? gateway.folders.addCreative(folderId, creativeId) : gateway.folders.removeCreative(folderId, creativeId),
    onMutate: async ({ folderId, creativeId, add }) => {
      const creativesKey = folderCreativesKey(folderId);
      await Promise.all([queryClient.cancelQueries({ queryKey: foldersKey }), queryClient.cancelQueries({ queryKey: creativesKey })]);
      const previousFolders = queryClient.getQueryData<Folder[]>(foldersKey);
      const previousCreatives = queryClient.getQueriesData<PagedData<Creative>>({ queryKey: creativesKey });
      queryClient.setQueryData<Folder[]>(foldersKey, (list) =>
        list?.map((f) => {
          if (f.id !== folderId) return f;
          const others = f.creativeIds.filter((id) => id !== creativeId);
          return { ...f, creativeIds: add ? [creativeId, ...others] : others };
        }),
      );
      if (!add) {
        queryClient.setQueriesData<PagedData<Creative>>({ queryKey: creativesKey }, (data) =>
          mapLoaded(data, (items) => items.filter((c) => c.id !== creativeId)),
        );
      }
      return { previousFolders, previousCreatives };
    },
    onError: (error, _change, context) => {
      logWriteFailure('[folders] add / remove creative failed', error);
      queryClient.setQueryData(foldersKey, context?.previousFolders);
      context?.previousCreatives.forEach(([key, data]) => queryClient.setQueryData(key, data));
    },
    onSettled: () => {
      // Several ticks in a row: refetch once the last one is done, so no answer undoes a newer tick.
      if (queryClient.isMutating({ mutationKey: FOLDER_CHANGE_KEY }) > 1) return;
      void queryClient.invalidateQueries({ queryKey: foldersKey });
      void queryClient.invalidateQueries({ queryKey: allFolderCreativesKey });
    },
  });
}
