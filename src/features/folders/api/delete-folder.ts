import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Folder } from '@domain/types';
import { useGateway } from '@/gateway/context';
import { logWriteFailure } from '@/lib/errors';
import { folderCreativesKey } from './get-folder-creatives';
import { foldersKey } from './get-folders';

/** Optimistic delete, rolled back if the backend refuses; failures are only logged (spec §8) unless it is for writing too often. */
export function useDeleteFolder() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => gateway.folders.remove(id),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: foldersKey });
      const previous = queryClient.getQueryData<Folder[]>(foldersKey);
      queryClient.setQueryData<Folder[]>(foldersKey, (list) => list?.filter((f) => f.id !== id));
      return { previous };
    },
    onError: (error, _id, context) => {
      logWriteFailure('[folders] delete failed', error);
      queryClient.setQueryData(foldersKey, context?.previous);
    },
    onSuccess: (_v, id) => queryClient.removeQueries({ queryKey: folderCreativesKey(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: foldersKey }),
  });
}
