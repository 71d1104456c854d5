/** The specification's default timezone: "today" for quotas and dates on screen are Istanbul's. */
export const APP_TIMEZONE = 'Europe/Istanbul';

/** YYYY-MM-DD of `now` in `timeZone`: the day whose rules price a report (landed/, issue 45). */
export function dayIn(timeZone: string = APP_TIMEZONE, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
