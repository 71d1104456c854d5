/**
 * A moment in the reader's own time zone (the browser's, as every other date in the app), with the zone
 * named, for dates that decide something, like a renewal: "December 26, 2026 at 04:02 PM GMT+3".
 */
export function formatDateTimeWithZone(value: string | Date, lang: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-US', {
    timeZone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(value));
}
