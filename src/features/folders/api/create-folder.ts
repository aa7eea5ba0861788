import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Folder } from '@domain/types';
import { useGateway } from '@/gateway/context';
import { logWriteFailure } from '@/lib/errors';
import { foldersKey } from './get-folders';

/** Creates a folder; it is appended to the cached list at once. Failures are only logged (spec §8) unless it is for writing too often. */
export function useCreateFolder() {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => gateway.folders.create(name),
    onSuccess: (folder) => queryClient.setQueryData<Folder[]>(foldersKey, (list) => [...(list ?? []), folder]),
    onError: (error) => logWriteFailure('[folders] create failed', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: foldersKey }),
  });
}
