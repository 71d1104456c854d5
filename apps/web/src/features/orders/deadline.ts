import { useEffect, useState } from 'react';
import dayjs from '../../lib/dayjs';
import type { Translate } from '../../lib/error-message';

/** How far a deadline is from now: whole days, hours and minutes, and whether it has passed. */
export interface Countdown {
  overdue: boolean;
  days: number;
  hours: number;
  minutes: number;
  /** Milliseconds to go (negative once overdue). */
  ms: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function countdown(target: string, now: number): Countdown {
  const ms = Date.parse(target) - now;
  const left = Math.abs(ms);
  return {
    overdue: ms < 0,
    days: Math.floor(left / DAY),
    hours: Math.floor((left % DAY) / HOUR),
    minutes: Math.floor((left % HOUR) / MINUTE),
    ms,
  };
}

/** "2 d 4 h left", "35 min left", "3 h overdue": the two largest parts that are not zero. */
export function countdownText(c: Countdown, t: Translate): string {
  const parts = [
    c.days > 0 ? t('ordersPage.countdown.days', { count: c.days }) : null,
    c.hours > 0 ? t('ordersPage.countdown.hours', { count: c.hours }) : null,
    c.days === 0 && (c.minutes > 0 || c.hours === 0)
      ? t('ordersPage.countdown.minutes', { count: c.minutes })
      : null,
  ].filter((p): p is string => p !== null);
  const time = parts.slice(0, 2).join(' ');
  return t(c.overdue ? 'ordersPage.countdown.overdue' : 'ordersPage.countdown.left', { time });
}

/**
 * The seller's time zone: the browser's own (a seller in Istanbul buying in the US and selling in Canada
 * plans their day in Istanbul's hours, whatever the marketplaces' zones).
 */
export function sellerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A date and time in the seller's time zone, in the interface language's long format. */
export function sellerDateTime(iso: string, zone = sellerTimeZone()): string {
  return dayjs(iso).tz(zone).format('llll');
}

/** The time now, renewed every `everyMs` (a countdown needs minutes, not seconds). */
export function useNow(everyMs = MINUTE): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
