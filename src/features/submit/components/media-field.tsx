import { ImagePlus, RefreshCw, Trash2 } from 'lucide-react';
import { useId, type Ref } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { ACCEPT_ATTRIBUTE, acceptedMedia } from '@domain/media-rules';
import type { Creative } from '@domain/types';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatFileSize } from '@/lib/format';
import { MediaPreviewBox } from './media-preview-box';
import { useObjectUrl } from './use-object-url';

const ACCEPT_HINT = 'Images JPG, PNG ou WebP (10MB max) · vidéos MP4, WebM ou MOV (50MB max)';

export interface MediaFieldProps {
  file: File | null;
  /** On edit: the creative whose media is kept unless a new file is picked. */
  current?: Pick<Creative, 'mediaUrl' | 'mediaType' | 'name'> | null;
  error?: string;
  disabled?: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
  pickRef?: Ref<HTMLButtonElement>;
}

/** Drop zone or file picker (one file), with a preview, the file's name and size, and 'Retirer'. */
export function MediaField({ file, current, error, disabled, onPick, onRemove, pickRef }: MediaFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const previewUrl = useObjectUrl(file);
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    accept: ACCEPT_ATTRIBUTE,
    multiple: false,
    noClick: true,
    noKeyboard: true,
    disabled,
    onDrop: (accepted: File[], rejected: FileRejection[]) => {
      const picked = accepted[0] ?? rejected[0]?.file;
      if (picked) onPick(picked);
    },
  });
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ');
  const kind = file ? (acceptedMedia(file.type)?.kind ?? 'image') : current?.mediaType;
  const url = file ? previewUrl : (current?.mediaUrl ?? null);

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={describedBy}>
      <legend className="sr-only">Média</legend>
      <div
        {...getRootProps({
          className: cn(
            'flex flex-col gap-3 rounded-2xl border-2 border-dashed p-4 transition-colors',
            isDragActive ? 'border-brand-500 bg-brand-50' : error ? 'border-red-400 bg-red-50/40' : 'border-slate-300 bg-slate-50',
          ),
        })}
      >
        <input {...getInputProps({ 'aria-label': 'Fichier média', id: `${id}-input` })} />
        {url && kind ? (
          <>
            <MediaPreviewBox url={url} kind={kind} label={file ? `Aperçu : ${file.name}` : `Média actuel : ${current?.name ?? ''}`} />
            <div className="flex flex-wrap items-center gap-2">
              <p className="mr-auto min-w-0 text-sm text-slate-700">
                {file ? (
                  <>
                    <span className="break-all font-medium text-slate-900">{file.name}</span>
                    <span className="text-slate-500"> · {formatFileSize(file.size)}</span>
                  </>
                ) : (
                  'Média actuel, conservé sauf si vous le remplacez'
                )}
              </p>
              <Button ref={pickRef} variant="outline" size="sm" onClick={open} disabled={disabled} aria-describedby={describedBy}>
                <RefreshCw aria-hidden />
                Remplacer
              </Button>
              {file ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={onRemove}
                  disabled={disabled}
                  className="text-red-600 hover:bg-red-50 hover:text-red-700"
                >
                  <Trash2 aria-hidden />
                  Retirer
                </Button>
              ) : null}
            </div>
          </>
        ) : (
          <div className="flex flex-col items-center gap-3 px-4 py-8 text-center">
            <ImagePlus className="size-10 text-brand-600" aria-hidden />
            <p className="text-sm font-medium text-slate-800">
              {isDragActive ? 'Déposez le fichier ici' : 'Glissez-déposez votre image ou vidéo ici'}
            </p>
            <p className="text-xs text-slate-500">ou</p>
            <Button ref={pickRef} variant="outline" onClick={open} disabled={disabled} aria-describedby={describedBy}>
              Choisir un fichier
            </Button>
          </div>
        )}
      </div>
      <p id={hintId} className="text-xs text-slate-500">
        {ACCEPT_HINT}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
