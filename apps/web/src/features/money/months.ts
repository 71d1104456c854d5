import dayjs from '../../lib/dayjs';

/** Months as the API takes them (`YYYY-MM`). */
export const monthOf = (at: dayjs.Dayjs) => at.format('YYYY-MM');

/** The last `count` months up to and including this one, oldest first. */
export function lastMonths(count: number, now = dayjs()): string[] {
  return Array.from({ length: count }, (_, i) => monthOf(now.subtract(count - 1 - i, 'month')));
}

/** The default range: the last six months including this one. */
export function defaultRange(now = dayjs()): { from: string; to: string } {
  const months = lastMonths(6, now);
  return { from: months[0]!, to: months[5]! };
}

/** Every month from `from` to `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = dayjs(`${from}-01`); monthOf(m) <= to && out.length < 240; m = m.add(1, 'month'))
    out.push(monthOf(m));
  return out;
}

/** "October 2026" / "Ekim 2026" in the interface language. */
export const monthName = (month: string) => dayjs(`${month}-01`).format('MMMM YYYY');
/** "Oct 2026" for the chart's axis. */
export const monthShort = (month: string) => dayjs(`${month}-01`).format('MMM YYYY');
