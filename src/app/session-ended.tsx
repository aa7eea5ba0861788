import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../components/ui/toaster';
import { paths } from '../config/paths';
import { GatewayError } from '../gateway/types';
import { sessionQueryKey } from '../lib/session';

const isRevoked = (error: unknown): error is GatewayError => error instanceof GatewayError && error.code === 'SESSION_REVOKED';

/**
 * A device signed out from another one ('Déconnecter les autres appareils'): the first call that
 * learns it (any query or mutation failing with SESSION_REVOKED) forgets the user's data and sends
 * the browser to the sign-in page with the reason. Renders nothing.
 */
export function SessionEndedRedirect() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    const end = (error: unknown) => {
      if (!isRevoked(error) || queryClient.getQueryData(sessionQueryKey) === null) return;
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, null);
      toast.error(error.message);
      navigate(paths.login, { replace: true });
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') end(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') end(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, navigate]);

  return null;
}
