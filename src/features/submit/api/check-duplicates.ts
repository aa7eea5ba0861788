import { queryOptions, useQuery } from '@tanstack/react-query';
import { useGateway } from '@/gateway/context';
import type { Gateway } from '@/gateway/types';

/** One check per chosen file (by name, size and date: a File is not a cache key). */
export const duplicateCheckKey = (file: File) => ['duplicates', file.name, file.size, file.lastModified] as const;

export function duplicateCheckQueryOptions(gateway: Gateway, file: File) {
  return queryOptions({
    queryKey: duplicateCheckKey(file),
    queryFn: () => gateway.creatives.checkDuplicates(file),
    // The library changes slowly while a form is filled in; a failed check only hides the warning.
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * Whether the file just chosen seems to be in the library already (issue 18), checked as soon as it is
 * picked; nothing when the backend cannot tell (features.duplicateCheck) or no file is chosen.
 */
export function useDuplicateCheck(file: File | null) {
  const gateway = useGateway();
  return useQuery({
    ...duplicateCheckQueryOptions(gateway, file ?? new File([], '')),
    enabled: file !== null && gateway.features.duplicateCheck,
  });
}
