import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { folderInput } from '@domain/schemas/folder';

export type FolderNameValues = z.input<typeof folderInput>;

/**
 * The folder-name form of 'Nouveau dossier' and of the inline rename: `folderInput` trims the name
 * and gives its messages (MSG.folderNameRequired, MSG.folderNameMax). The focus stays where the user
 * put it when the name is refused (the message is under the only field).
 */
export function useFolderNameForm(name = '') {
  return useForm<FolderNameValues>({ resolver: zodResolver(folderInput), defaultValues: { name }, shouldFocusError: false });
}
