import { ROLE_LABELS } from '@domain/roles';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageLoader } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { DeleteAccountSection } from './delete-account-section';
import { DeviceSessionsCard } from './device-sessions-card';
import { MyDataExportSection } from './my-data-export-section';
import { NotificationPrefsCard } from './notification-prefs-card';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

export function AccountPage() {
  const { user } = useSession();
  if (!user) return <PageLoader />;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:py-12">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Mon compte</h1>
        <p className="mt-1 text-sm text-slate-600">
          {user.firstName} {user.lastName} · {ROLE_LABELS[user.role]}
        </p>
      </header>
      <Card>
        <CardHeader>
          <CardTitle>Profil</CardTitle>
          <CardDescription>Votre prénom et votre nom apparaissent sur vos commentaires.</CardDescription>
        </CardHeader>
        <CardContent>
          <ProfileForm user={user} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Mot de passe</CardTitle>
          <CardDescription>Pour le changer, saisissez d'abord votre mot de passe actuel.</CardDescription>
        </CardHeader>
        <CardContent>
          <PasswordForm />
        </CardContent>
      </Card>
      <NotificationPrefsCard user={user} />
      <DeviceSessionsCard />
      <MyDataExportSection />
      <DeleteAccountSection />
    </div>
  );
}
