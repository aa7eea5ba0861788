import { DEFAULT_PERIOD, isPeriod, type Period } from '@domain/analytics';

/** The period lives in ?period= so a view can be shared; anything unknown reads as the default (30 days). */
export function readPeriod(params: URLSearchParams): Period {
  const value = params.get('period');
  return isPeriod(value) ? value : DEFAULT_PERIOD;
}
