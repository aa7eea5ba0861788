import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '@domain/messages';
import { toast } from '@/components/ui/toaster';
import { useGateway } from '@/gateway/context';
import { folderSharesKey } from './get-folder-shares';

export function useRevokeFolderShare(folderId: string) {
  const gateway = useGateway();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => gateway.shares.revoke(folderId, shareId),
    onSuccess: () => toast.success(MSG.shareRevoked),
    onError: () => toast.error(MSG.shareError),
    onSettled: () => queryClient.invalidateQueries({ queryKey: folderSharesKey(folderId) }),
  });
}
