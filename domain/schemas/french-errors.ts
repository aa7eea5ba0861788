import { z } from 'zod';
import { MSG } from '../messages';

/**
 * The message of an issue whose schema names none — a wrong type (an array for an object), an
 * unknown value, a length without its own message. zod's defaults are English ('Invalid input:
 * expected object, received array') and its `fr` locale speaks to developers; users read these.
 */
export const frenchError: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'too_big' && issue.origin === 'string') return MSG.textMax(Number(issue.maximum));
  if (issue.code === 'too_big' && issue.origin === 'array') return MSG.tooManyItems(Number(issue.maximum));
  if (issue.code === 'invalid_type' && issue.input === undefined) return MSG.fieldRequired;
  return MSG.invalidInput;
};

// Global, so that every parse — the server's parseInput, the web forms' zodResolver, the Firebase
// gateway — speaks French. A message given by a schema still wins over this map.
z.config({ customError: frenchError });
