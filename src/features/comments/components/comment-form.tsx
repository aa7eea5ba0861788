import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { MSG } from '@domain/messages';
import { commentInput, type CommentInput } from '@domain/schemas/comment';
import { Button } from '@/components/ui/button';
import { Field, Textarea } from '@/components/ui/field';
import { toast } from '@/components/ui/toaster';
import { retryLaterMessage } from '@/lib/errors';
import { useAddComment } from '../api/add-comment';

/** The add box of the comments (signed-in users); its own chunk: zod and the form library load only for them. */
export default function CommentForm({ creativeId }: { creativeId: string }) {
  const add = useAddComment(creativeId);
  const form = useForm<CommentInput>({ resolver: zodResolver(commentInput), defaultValues: { text: '' }, shouldFocusError: false });
  const text = useWatch({ control: form.control, name: 'text' }) ?? '';
  const submit = form.handleSubmit(async (input) => {
    try {
      await add.mutateAsync(input.text);
      form.reset();
    } catch (error) {
      toast.error(retryLaterMessage(error) ?? MSG.commentError);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <Field label="Votre commentaire" error={form.formState.errors.text?.message}>
        {(a11y) => <Textarea {...a11y} {...form.register('text')} rows={3} placeholder="Partagez votre avis sur cette créa…" />}
      </Field>
      <Button type="submit" className="self-end" disabled={add.isPending || !text.trim()}>
        {add.isPending ? 'Envoi…' : 'Commenter'}
      </Button>
    </form>
  );
}
