import { describe, expect, it } from 'vitest';
import { formatDateTimeWithZone } from './format-date';

describe('a date that decides something (issue 46)', () => {
  const end = '2026-12-26T13:02:00.000Z';

  it("is shown in the reader's time zone, with the zone named", () => {
    expect(formatDateTimeWithZone(end, 'en', 'America/New_York')).toMatch(/December 26, 2026.*08:02 AM EST/);
    expect(formatDateTimeWithZone(end, 'en', 'Europe/Istanbul')).toMatch(
      /December 26, 2026.*04:02 PM GMT\+3/,
    );
    expect(formatDateTimeWithZone(end, 'tr', 'Europe/Istanbul')).toMatch(/26 Aralık 2026.*16:02 GMT\+3/);
  });
});
