import { z } from 'zod';
import { textField } from './fields';

/** Longest search term the suggestions accept (the gallery's `q` limit). */
export const SUGGESTION_QUERY_MAX = 100;

/** Query of the suggestions endpoint: the typed text, trimmed; empty means no suggestion. */
export const suggestionQueryInput = z.object({
  q: textField().trim().max(SUGGESTION_QUERY_MAX).optional().default(''),
});
