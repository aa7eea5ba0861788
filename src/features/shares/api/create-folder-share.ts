import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@domain/messages';
import type { ShareInput } from '@domain/schemas/share';
import { toast } from '@/components/ui/toaster';
import { useGateway } from '@/gateway/context';
import { folderSharesKey } from './get-folder-shares';

export function useCreateFolderShare(folderId: string) {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShareInput) => gateway.shares.create(folderId, input),
    onSuccess: () => toast.success(MSG.shareCreated),
    onSettled: () => queryClient.invalidateQueries({ queryKey: folderSharesKey(folderId) }),
  });
}
