import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Folder } from '@domain/types';
import { useGateway } from '@/gateway/context';
import { logWriteFailure } from '@/lib/errors';
import { foldersKey } from './get-folders';

/** Optimistic rename, rolled back if the backend refuses; failures are only logged (spec §8) unless it is for writing too often. */
export function useRenameFolder() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => gateway.folders.rename(id, name),
    onMutate: async ({ id, name }) => {
      await queryClient.cancelQueries({ queryKey: foldersKey });
      const previous = queryClient.getQueryData<Folder[]>(foldersKey);
      queryClient.setQueryData<Folder[]>(foldersKey, (list) => list?.map((f) => (f.id === id ? { ...f, name } : f)));
      return { previous };
    },
    onError: (error, _vars, context) => {
      logWriteFailure('[folders] rename failed', error);
      queryClient.setQueryData(foldersKey, context?.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: foldersKey }),
  });
}
