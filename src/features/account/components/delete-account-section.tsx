import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { MSG } from '@domain/messages';
import { deleteAccountInput, type DeleteAccountInput } from '@domain/schemas/my-data';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field, FormAlert, PasswordInput } from '@/components/ui/field';
import { toast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { messageOf } from '@/lib/errors';
import { applyFieldErrors } from '@/lib/form-errors';
import { useDeleteMyAccount } from '../api/delete-my-account';

/**
 * "Supprimer mon compte": a dialog (focus kept inside, Escape closes) asks for the password; the
 * account then goes as an admin's deletion would take it (docs/decisions/002) and the user lands on
 * the home page, signed out.
 */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();
  const remove = useDeleteMyAccount();
  const { forgetSession } = remove;
  // Once deleted: to the home page, and signed out when this page has left the screen (see
  // useDeleteMyAccount) — the cleanup of the very effect that navigated, so it is in place in time.
  const [deleted, setDeleted] = useState(false);
  useEffect(() => {
    if (!deleted) return;
    void navigate(paths.home);
    toast.success(MSG.accountDeleted);
    return forgetSession;
  }, [deleted, navigate, forgetSession]);
  const form = useForm<DeleteAccountInput>({ resolver: zodResolver(deleteAccountInput), defaultValues: { password: '' } });

  const onOpenChange = (next: boolean) => {
    if (!next) {
      form.reset();
      setFailure(null);
    }
    setOpen(next);
  };

  const submit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await remove.mutateAsync(password);
      setOpen(false);
      setDeleted(true);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['password'])) setFailure(messageOf(error, MSG.accountDeleteError));
    }
  });

  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle>{MSG.deleteMyAccount}</CardTitle>
        <CardDescription>
          Votre compte, vos likes, vos commentaires et vos dossiers sont supprimés définitivement. Les créas que vous avez soumises restent
          dans la bibliothèque, sans votre nom.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog open={open} onOpenChange={onOpenChange}>
          <DialogTrigger asChild>
            <Button variant="danger">{MSG.deleteMyAccount}</Button>
          </DialogTrigger>
          <DialogContent>
            <DialogTitle>Supprimer définitivement votre compte ?</DialogTitle>
            <DialogDescription>
              Cette action est irréversible. Pensez à exporter vos données avant. Saisissez votre mot de passe pour confirmer.
            </DialogDescription>
            <form onSubmit={submit} noValidate className="flex flex-col gap-4">
              <Field label="Mot de passe" error={form.formState.errors.password?.message}>
                {(a11y) => <PasswordInput {...a11y} autoComplete="current-password" {...form.register('password')} />}
              </Field>
              <FormAlert>{failure}</FormAlert>
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline">Annuler</Button>
                </DialogClose>
                <Button type="submit" variant="danger" disabled={remove.isPending}>
                  {remove.isPending ? 'Suppression…' : 'Supprimer mon compte'}
                </Button>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
