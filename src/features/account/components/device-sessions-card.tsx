import { Monitor, Smartphone } from 'lucide-react';
import { MSG } from '@domain/messages';
import type { DeviceSession } from '@domain/types';
import { describeUserAgent } from '@domain/user-agent';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { useGateway } from '@/gateway/context';
import { retryLaterMessage } from '@/lib/errors';
import { formatDate } from '@/lib/format';
import { useSessions } from '../api/list-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';

const MOBILE = /iPhone|Android|iPad/;

function SessionRow({ session }: { session: DeviceSession }) {
  const label = describeUserAgent(session.userAgent);
  const Icon = MOBILE.test(label) ? Smartphone : Monitor;
  return (
    <li className="flex items-start gap-3 py-3">
      <Icon className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          {label}
          {session.current ? (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">{MSG.thisDevice}</span>
          ) : null}
        </p>
        <p className="text-xs text-slate-600">
          Connecté le {formatDate(session.createdAt)} · Dernière activité le {formatDate(session.lastActiveAt)}
        </p>
      </div>
    </li>
  );
}

/**
 * 'Appareils connectés' of the account page: where the account is signed in, and a button that
 * signs out every other device. Where the backend knows this device only (Firebase), the list has
 * it alone and the button is always offered.
 */
export function DeviceSessionsCard() {
  const gateway = useGateway();
  if (!gateway.features.deviceSessions) return null;
  return <DeviceSessions />;
}

function DeviceSessions() {
  const { otherDevicesListed } = useGateway().features;
  const sessions = useSessions();
  const revoke = useRevokeOtherSessions();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;
  const nothingToEnd = otherDevicesListed && others === 0;

  const onRevoke = async () => {
    try {
      await revoke.mutateAsync();
      toast.success(MSG.otherDevicesSignedOut);
    } catch (error) {
      toast.error(retryLaterMessage(error) ?? MSG.sessionsError);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{MSG.sessionsTitle}</CardTitle>
        <CardDescription>
          {otherDevicesListed
            ? 'Les navigateurs où votre compte est ouvert. La dernière activité est indiquée au jour près.'
            : MSG.sessionsThisDeviceOnly}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <Spinner />
        ) : sessions.isError ? (
          <p role="alert" className="text-sm text-red-600">
            {MSG.sessionsLoadError}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
        )}
        <div className="mt-4">
          <Button variant="outline" onClick={onRevoke} disabled={revoke.isPending || nothingToEnd}>
            {revoke.isPending ? 'Déconnexion…' : MSG.signOutOtherDevices}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
