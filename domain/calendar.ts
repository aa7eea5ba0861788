/**
 * Calendar arithmetic in the product's time zone (France), so "this month" and "today" mean the
 * same thing for every user whatever the server's zone.
 */
export const APP_TIME_ZONE = 'Europe/Paris';

interface YMD {
  year: number;
  month: number; // 1-12
  day: number;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

function zonedParts(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The calendar date of an instant in the zone. */
export function zonedDate(instant: Date, timeZone: string = APP_TIME_ZONE): YMD {
  const { year, month, day } = zonedParts(instant, timeZone);
  return { year, month, day };
}

/** The instant of 00:00 on a calendar date in the zone (day may overflow: Date.UTC normalises it). */
export function startOfZonedDay(date: YMD, timeZone: string = APP_TIME_ZONE): Date {
  const utcGuess = Date.UTC(date.year, date.month - 1, date.day);
  let instant = utcGuess;
  for (let i = 0; i < 2; i++) {
    const p = zonedParts(new Date(instant), timeZone);
    const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    instant -= asUtc - utcGuess;
  }
  return new Date(instant);
}

/** [start, end) of the calendar month containing `now`. */
export function monthWindow(now: Date, timeZone: string = APP_TIME_ZONE): { start: Date; end: Date } {
  const { year, month } = zonedDate(now, timeZone);
  return {
    start: startOfZonedDay({ year, month, day: 1 }, timeZone),
    end: startOfZonedDay({ year, month: month + 1, day: 1 }, timeZone),
  };
}

/** [start, end) of the calendar day `offset` days from the day of `now` (0 = today, -1 = yesterday). */
export function dayWindow(now: Date, offset: number, timeZone: string = APP_TIME_ZONE): { start: Date; end: Date } {
  const today = zonedDate(now, timeZone);
  return {
    start: startOfZonedDay({ ...today, day: today.day + offset }, timeZone),
    end: startOfZonedDay({ ...today, day: today.day + offset + 1 }, timeZone),
  };
}
