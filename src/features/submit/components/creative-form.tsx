import { zodResolver } from '@hookform/resolvers/zod';
import { CloudOff } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { ADVERTISER_MAX, DEFAULT_ADVERTISER, NAME_MAX } from '@domain/limits';
import { mediaProblem } from '@domain/media-rules';
import { MSG } from '@domain/messages';
import type { Creative } from '@domain/types';
import { CATEGORY_KEYS } from '@domain/vocabulary';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/field';
import { Progress } from '@/components/ui/progress';
import type { CreativeInput, MediaReading, UploadProgress } from '@/gateway/types';
import { fieldErrorsOf, retryLaterMessage } from '@/lib/errors';
import { applyFieldErrors } from '@/lib/form-errors';
import { submitFormSchema, type SubmitFormValues } from '../form-values';
import { AnalysisFields } from './analysis-fields';
import { CategoryField } from './category-field';
import { CountedTextField } from './counted-text-field';
import { FlagFields } from './flag-fields';
import { useDuplicateCheck } from '../api/check-duplicates';
import { DuplicateWarning } from './duplicate-warning';
import { MediaField } from './media-field';
import { MediaTextField } from './media-text-field';
import { MediaReadingStatus } from './media-reading-status';
import { useMediaReading } from '../media-reading/use-media-reading';

const SERVER_FIELDS: Path<SubmitFormValues>[] = [
  'name',
  'advertiser',
  ...CATEGORY_KEYS,
  'attention',
  'interest',
  'desire',
  'bestPractices',
  'actions',
  'mediaText',
];

export interface CreativeFormProps {
  defaultValues: SubmitFormValues;
  /** Edit: the creative whose media is kept unless replaced. Create: none, and a media is required. */
  current?: Creative;
  submitLabel: string;
  failureMessage: string;
  /** `reading`: what the browser read in the file (with `readMedia`), null without. */
  onSubmit: (
    input: CreativeInput,
    file: File | null,
    onProgress: (p: UploadProgress) => void,
    reading: MediaReading | null,
  ) => Promise<void>;
  /**
   * Why no media can be uploaded here (no media storage), shown above the form: a new creative
   * cannot be sent at all (every field is disabled); an edit keeps its media and the rest works.
   */
  unavailable?: string;
  /** Check the chosen file against the library as soon as it is picked (the submit page; issue 18). */
  checkDuplicates?: boolean;
  /** The staff's edit: the text read in the media, to correct ('Texte de la créative'). */
  withMediaText?: boolean;
  /** Read the picked file's text, size and duration in the browser (Firebase mode's submit page). */
  readMedia?: boolean;
}

/** The submit / edit form (spec §2 Submit, §5): media, basic info, categories, flags and analysis. */
export function CreativeForm({
  defaultValues,
  current,
  submitLabel,
  failureMessage,
  onSubmit,
  unavailable,
  checkDuplicates = false,
  withMediaText = false,
  readMedia = false,
}: CreativeFormProps) {
  const unavailableId = useId();
  const form = useForm<SubmitFormValues, unknown, CreativeInput>({ resolver: zodResolver(submitFormSchema), defaultValues });
  const { errors, isSubmitting } = form.formState;
  const [file, setFile] = useState<File | null>(null);
  const [mediaError, setMediaError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const pickRef = useRef<HTMLButtonElement>(null);
  const duplicates = useDuplicateCheck(checkDuplicates ? file : null);
  const reading = useMediaReading(file, readMedia);
  const mediaMissing = () => !file && !current;
  const formLocked = Boolean(unavailable) && !current;

  const pick = (picked: File) => {
    const problem = mediaProblem(picked);
    setMediaError(problem ?? undefined);
    setFile(problem ? null : picked);
  };

  // handleSubmit is called in the event handler (not during render), where reading refs is allowed.
  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(
      async (input) => {
        if (mediaMissing()) {
          setMediaError(MSG.mediaRequired);
          pickRef.current?.focus();
          return;
        }
        setFailure(null);
        try {
          // The text being read is waited for, at most until its deadline (use-media-reading.ts).
          const read = await reading.settle();
          setProgress(file ? 0 : null);
          await onSubmit(input, file, (p) => setProgress(p.total ? (p.loaded / p.total) * 100 : 0), read);
        } catch (error) {
          const media = fieldErrorsOf(error).media;
          if (media) setMediaError(media);
          if (!applyFieldErrors(error, form.setError, SERVER_FIELDS) && !media) setFailure(retryLaterMessage(error) ?? failureMessage);
        } finally {
          setProgress(null);
        }
      },
      () => {
        if (mediaMissing()) setMediaError(MSG.mediaRequired);
      },
    )(event);

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6" aria-busy={isSubmitting}>
      {unavailable ? (
        <p
          id={unavailableId}
          className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
        >
          <CloudOff className="mt-0.5 size-5 shrink-0" aria-hidden />
          {unavailable}
        </p>
      ) : null}
      {/* A disabled fieldset disables every control inside it, whatever component renders it. */}
      <fieldset
        disabled={formLocked}
        aria-describedby={formLocked ? unavailableId : undefined}
        className="m-0 flex min-w-0 flex-col gap-6 border-0 p-0"
      >
        <Card>
          <CardHeader>
            <CardTitle>Média</CardTitle>
            <CardDescription>{current ? 'Remplacez le média si besoin.' : 'Une image ou une vidéo, un seul fichier.'}</CardDescription>
          </CardHeader>
          <CardContent>
            <MediaField
              file={file}
              current={current}
              error={mediaError}
              disabled={isSubmitting || Boolean(unavailable)}
              pickRef={pickRef}
              onPick={pick}
              onRemove={() => {
                setFile(null);
                setMediaError(undefined);
              }}
            />
            {readMedia ? <MediaReadingStatus status={reading.status} /> : null}
            {file ? (
              <DuplicateWarning check={duplicates.data} continueHint={`Vous pouvez tout de même l’envoyer avec « ${submitLabel} ».`} />
            ) : null}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Informations</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <CountedTextField
              name="name"
              label="Nom de la créative"
              max={NAME_MAX}
              required
              error={errors.name?.message}
              control={form.control}
              register={form.register}
            />
            <CountedTextField
              name="advertiser"
              label="Annonceur"
              max={ADVERTISER_MAX}
              note={`Facultatif : laissé vide, il s'affichera « ${DEFAULT_ADVERTISER} ».`}
              error={errors.advertiser?.message}
              control={form.control}
              register={form.register}
            />
            <FlagFields register={form.register} />
            {withMediaText ? <MediaTextField error={errors.mediaText?.message} control={form.control} register={form.register} /> : null}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Catégories</CardTitle>
            <CardDescription>Au moins une valeur par groupe.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-6">
            {CATEGORY_KEYS.map((key) => (
              <CategoryField key={key} name={key} control={form.control} />
            ))}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Analyse</CardTitle>
            <CardDescription>Facultative. Elle n'est visible que par les membres connectés.</CardDescription>
          </CardHeader>
          <CardContent>
            <AnalysisFields register={form.register} errors={errors} />
          </CardContent>
        </Card>

        <div className="flex flex-col gap-3">
          <FormAlert>{failure}</FormAlert>
          {progress !== null ? <Progress value={progress} label="Envoi du média" /> : null}
          <Button type="submit" size="lg" className="self-stretch sm:self-end" disabled={isSubmitting}>
            {isSubmitting ? 'Envoi en cours…' : submitLabel}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
