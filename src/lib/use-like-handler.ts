import { useNavigate } from 'react-router';
import type { Creative } from '@domain/types';
import { paths } from '../config/paths';
import { useToggleLike } from './likes';
import { useSession } from './session';

/** What a heart click does: toggle for signed-in users, go to /login for visitors. */
export function useLikeHandler() {
  const { user } = useSession();
  const navigate = useNavigate();
  const toggle = useToggleLike();
  return (creative: Creative) => {
    if (!user) {
      navigate(paths.login);
      return;
    }
    toggle.mutate({ creative, like: !creative.likedByMe });
  };
}
