import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatLongDate,
  parseTimeZone,
  timeZoneFromCookies,
  zoneName,
} from './dates';

const moment = '2026-11-23T23:30:00.000Z';

describe('dates in the viewer’s time zone', () => {
  it('writes a moment in the zone, saying which', () => {
    expect(formatDateTime(moment, 'UTC')).toBe('Nov 23, 2026, 11:30 PM UTC');
    expect(formatDateTime(moment, 'Europe/Berlin')).toBe(
      'Nov 24, 2026, 12:30 AM Central European Time',
    );
    expect(formatDateTime(moment, 'America/New_York')).toBe('Nov 23, 2026, 6:30 PM Eastern Time');
    expect(formatDateTime(moment, 'America/Chicago')).toBe('Nov 23, 2026, 5:30 PM Central Time');
  });

  it('names a zone as its times end', () => {
    expect(zoneName('UTC')).toBe('UTC');
    expect(zoneName('America/Chicago')).toBe('Central Time');
    expect(zoneName('Europe/London')).toBe('United Kingdom Time');
  });

  it('takes the day in the zone', () => {
    expect(formatDate(moment, 'UTC')).toBe('Nov 23, 2026');
    expect(formatDate(moment, 'Asia/Tokyo')).toBe('Nov 24, 2026');
    expect(formatLongDate(moment, 'America/Los_Angeles')).toBe('November 23, 2026');
    expect(formatLongDate(moment, 'Pacific/Auckland')).toBe('November 24, 2026');
    expect(formatLongDate(null, 'UTC')).toBeNull();
    expect(formatLongDate('not a date', 'UTC')).toBeNull();
  });

  it.each([
    ['Europe/Berlin', 'Europe/Berlin'],
    ['America/New_York', 'America/New_York'],
    ['UTC', 'UTC'],
    ['Etc/GMT+5', 'Etc/GMT+5'],
    ['Not/AZone', null],
    ['+05:00', null],
    ['', null],
    ['Europe/Berlin; Path=/', null],
    ['x'.repeat(100), null],
    [42, null],
    [undefined, null],
  ])('accepts %s only if Intl knows it', (value, expected) => {
    expect(parseTimeZone(value)).toBe(expected);
  });

  it('reads the tz cookie, and falls back to UTC for a missing or bad one', () => {
    expect(timeZoneFromCookies('a=1; tz=Europe%2FBerlin; b=2')).toBe('Europe/Berlin');
    expect(timeZoneFromCookies('tz=Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(timeZoneFromCookies('xtz=Asia/Tokyo')).toBe('UTC');
    expect(timeZoneFromCookies('tz=%E0%A4%A')).toBe('UTC');
    expect(timeZoneFromCookies('tz=Mars%2FOlympus')).toBe('UTC');
    expect(timeZoneFromCookies(null)).toBe('UTC');
  });
});
