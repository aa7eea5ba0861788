import { z } from 'zod';
import { FOLDER_NAME_MAX } from '../limits';
import { MSG } from '../messages';
import { singleLineField } from './fields';

export const folderInput = z.object({
  name: singleLineField(MSG.folderNameRequired).min(1, MSG.folderNameRequired).max(FOLDER_NAME_MAX, MSG.folderNameMax),
});
