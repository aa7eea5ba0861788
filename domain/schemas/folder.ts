import { z } from 'zod';
import { FOLDER_NAME_MAX } from '../limits';
import { MSG } from '../messages';
import { textField } from './fields';

export const folderInput = z.object({
  name: textField(MSG.folderNameRequired).trim().min(1, MSG.folderNameRequired).max(FOLDER_NAME_MAX, MSG.folderNameMax),
});
