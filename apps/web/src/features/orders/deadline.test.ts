import { describe, expect, it } from 'vitest';
import { countdown, countdownText } from './deadline';

const NOW = Date.parse('2026-11-29T12:00:00.000Z');
const t = (key: string, o?: Record<string, unknown>) =>
  key.endsWith('.left') || key.endsWith('.overdue')
    ? `${String(o?.time)} ${key.split('.').pop()}`
    : `${String(o?.count)}${key.split('.').pop()![0]}`;

describe('a deadline counted down', () => {
  it('says the two largest parts left, minutes only within the day', () => {
    expect(countdownText(countdown('2026-12-01T16:30:00.000Z', NOW), t)).toBe('2d 4h left');
    expect(countdownText(countdown('2026-11-29T13:35:00.000Z', NOW), t)).toBe('1h 35m left');
    expect(countdownText(countdown('2026-11-29T12:10:00.000Z', NOW), t)).toBe('10m left');
  });

  it('says how late an overdue one is', () => {
    const c = countdown('2026-11-29T09:00:00.000Z', NOW);
    expect(c.overdue).toBe(true);
    expect(countdownText(c, t)).toBe('3h overdue');
  });
});
