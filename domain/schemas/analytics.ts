import { z } from 'zod';
import { DEFAULT_PERIOD, PERIODS } from '../analytics';

export const analyticsQuery = z.object({ period: z.enum(PERIODS).default(DEFAULT_PERIOD) });
