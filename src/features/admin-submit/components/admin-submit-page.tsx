import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { MSG } from '@domain/messages';
import { adminCreativeInput, type AdminCreativeFormValues } from '@domain/schemas/creative';
import { CATEGORY_KEYS, CATEGORY_LABELS, CATEGORY_LISTS } from '@domain/vocabulary';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Field, FormAlert, Input, inputClass } from '@/components/ui/field';
import type { AdminCreativeInput } from '@/gateway/types';
import { retryLaterMessage } from '@/lib/errors';
import { applyFieldErrors } from '@/lib/form-errors';
import { useAdminCreateCreative } from '../api/admin-create-creative';

const EMPTY: AdminCreativeFormValues = {
  name: '',
  advertiser: '',
  image: '',
  format: '',
  objective: '',
  type: '',
  sector: '',
  platform: '',
};
const FIELDS = ['name', 'advertiser', 'image', ...CATEGORY_KEYS] as const;

/** /admin/submit: every field required, the image given by URL, one select per category. */
export function AdminSubmitPage() {
  const create = useAdminCreateCreative();
  const form = useForm<AdminCreativeFormValues, unknown, AdminCreativeInput>({
    resolver: zodResolver(adminCreativeInput),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const [succeeded, setSucceeded] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setSucceeded(false);
    setFailure(null);
    try {
      await create.mutateAsync(values);
      form.reset(EMPTY);
      setSucceeded(true);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, [...FIELDS])) setFailure(retryLaterMessage(error) ?? MSG.adminError);
    }
  });

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8 sm:py-12">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Formulaire admin</h1>
        <p className="mt-1 text-sm text-slate-600">Ajout rapide d'une créative publiée immédiatement, avec une image par URL.</p>
      </header>
      <Card>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <Field label="Nom" error={errors.name?.message}>
              {(a11y) => <Input {...a11y} required {...form.register('name')} />}
            </Field>
            <Field label="Annonceur" error={errors.advertiser?.message}>
              {(a11y) => <Input {...a11y} required {...form.register('advertiser')} />}
            </Field>
            <Field label="URL de l'image" error={errors.image?.message}>
              {(a11y) => <Input {...a11y} type="url" inputMode="url" placeholder="https://…" required {...form.register('image')} />}
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              {CATEGORY_KEYS.map((key) => (
                <Field key={key} label={CATEGORY_LABELS[key]} error={errors[key]?.message}>
                  {(a11y) => (
                    <select {...a11y} required className={inputClass} {...form.register(key)}>
                      <option value="">Choisir…</option>
                      {CATEGORY_LISTS[key].map((value) => (
                        <option key={value} value={value}>
                          {value}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              ))}
            </div>
            {succeeded ? (
              <p
                role="status"
                className="flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800"
              >
                <CheckCircle2 className="size-4" aria-hidden />
                {MSG.adminSuccess}
              </p>
            ) : null}
            <FormAlert>{failure}</FormAlert>
            <Button type="submit" className="self-start" disabled={isSubmitting}>
              {isSubmitting ? 'Ajout…' : 'Ajouter la créative'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
