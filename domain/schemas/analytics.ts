import { z } from 'zod';
import { DEFAULT_PERIOD, PERIODS } from '../analytics';
// Every other schema loads the French messages through ./fields; this one has no text field.
import './french-errors';

export const analyticsQuery = z.object({ period: z.enum(PERIODS).default(DEFAULT_PERIOD) });
