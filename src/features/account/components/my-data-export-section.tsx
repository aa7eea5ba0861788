import { Download } from 'lucide-react';
import { MSG } from '@domain/messages';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toaster';
import { retryLaterMessage } from '@/lib/errors';
import { useExportMyData } from '../api/export-my-data';

/** "Exporter mes données" (RGPD articles 15 and 20): one JSON file of everything the account holds. */
export function MyDataExportSection() {
  const exportData = useExportMyData();
  const onClick = () =>
    exportData.mutate(undefined, { onError: (error) => toast.error(retryLaterMessage(error) ?? MSG.exportMyDataError) });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Mes données</CardTitle>
        <CardDescription>
          Téléchargez un fichier JSON de votre profil, vos likes, vos commentaires, vos dossiers (avec leurs notes et liens de partage), vos
          créas soumises et vos notifications.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={onClick} disabled={exportData.isPending}>
          <Download className="size-4" aria-hidden />
          {exportData.isPending ? 'Préparation du fichier…' : MSG.exportMyData}
        </Button>
      </CardContent>
    </Card>
  );
}
