// Opening hours. The owner's are written in schema.org's `openingHours` syntax ("Mo-Fr
// 08:00-17:00, Sa 09:00-12:00", or "24/7") and read into a week: for each day, Monday first, the
// minutes it opens and closes (none: closed). What an answer says ("open 24/7", "closed on
// Sundays", "Mon–Fri 8am–5pm", "open until 9pm") is read into claims about some days, judged day by
// day against the owner's week in facts/verdicts.ts. Pure.

/** Minutes from midnight: [opens, closes]; closes 1440 is midnight at the end of the day. */
export type Interval = [number, number];
/** Monday first; an empty day is closed. */
export type Week = Interval[][];

const SCHEMA_DAYS = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'];
export const DAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
];

const SCHEMA_ENTRY =
  /^((?:mo|tu|we|th|fr|sa|su)(?:\s*[-,]\s*(?:mo|tu|we|th|fr|sa|su))*)\s+(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/i;

function dayList(text: string, names: readonly string[]): number[] | null {
  const days = new Set<number>();
  for (const part of text.toLowerCase().split(/\s*,\s*/)) {
    const [from, to] = part.split(/\s*-\s*/);
    const a = names.indexOf(from ?? '');
    const b = to === undefined ? a : names.indexOf(to);
    if (a < 0 || b < 0) return null;
    for (let day = a; ; day = (day + 1) % 7) {
      days.add(day);
      if (day === b) break;
    }
  }
  return [...days];
}

/**
 * Reads schema.org `openingHours` text into a week, or null when it cannot be read. Entries are
 * separated by commas or semicolons ("Mo-Fr 08:00-17:00, Sa 09:00-12:00"); "24/7" and
 * "Mo-Su 00:00-24:00" are open all the time; a day not named is closed.
 */
export function parseOpeningHours(value: string): Week | null {
  const text = value.replace(/\s+/g, ' ').trim();
  if (!text || text.length > 200) return null;
  if (/^24\s*\/\s*7$/.test(text)) return SCHEMA_DAYS.map(() => [[0, 1440]]);
  const week: Week = SCHEMA_DAYS.map(() => []);
  // A comma after a time ends an entry; between days it joins them ("Mo,We 09:00-12:00").
  const entries = text.split(/(?<=\d:\d{2})\s*[;,]\s*/);
  for (const entry of entries) {
    const match = SCHEMA_ENTRY.exec(entry.trim());
    if (!match) return null;
    const days = dayList(match[1]!.replace(/\s+/g, ''), SCHEMA_DAYS);
    const opens = Number(match[2]) * 60 + Number(match[3]);
    const closes = Number(match[4]) * 60 + Number(match[5]);
    if (!days || Number(match[3]) > 59 || Number(match[5]) > 59 || opens > 1440 || closes > 1440)
      return null;
    // "22:00-02:00": open past midnight; counted on the day it opens.
    const interval: Interval = [opens, closes <= opens ? 1440 : closes];
    for (const day of days) week[day]!.push(interval);
  }
  for (const day of week) day.sort((a, b) => a[0] - b[0]);
  return week;
}

/** What an answer claims for some days. `days` null: no day given (today, or every day). */
export type HoursClaim = {
  days: number[] | null;
  state:
    | { kind: 'closed' }
    | { kind: 'always' }
    | { kind: 'open' }
    | { kind: 'times'; opens: number | null; closes: number | null };
};

const DAY_WORDS: [RegExp, number[]][] = [
  [/^(?:weekdays?|week ?days)$/, [0, 1, 2, 3, 4]],
  [/^weekends?$/, [5, 6]],
  [/^(?:daily|every ?day|7 days(?: a week)?|seven days(?: a week)?)$/, [0, 1, 2, 3, 4, 5, 6]],
  [/^mon(?:day)?s?$/, [0]],
  [/^tue(?:s(?:day)?)?s?$/, [1]],
  [/^wed(?:nesday)?s?$/, [2]],
  [/^thu(?:r(?:s(?:day)?)?)?s?$/, [3]],
  [/^fri(?:day)?s?$/, [4]],
  [/^sat(?:urday)?s?$/, [5]],
  [/^sun(?:day)?s?$/, [6]],
];

function daysOfWord(word: string): number[] | null {
  const text = word.toLowerCase().replace(/\.$/, '').trim();
  for (const [pattern, days] of DAY_WORDS) if (pattern.test(text)) return days;
  return null;
}

/** "Mon–Fri", "Monday to Thursday", "Sat & Sun", "weekends" → the days; null when unread. */
export function readDays(text: string): number[] | null {
  const days = new Set<number>();
  for (const part of text.split(/\s*(?:,|&|\band\b|\/)\s*/i).filter(Boolean)) {
    const range = part.split(/\s*(?:[-–—]|\bto\b|\bthrough\b|\bthru\b)\s*/i).filter(Boolean);
    if (range.length === 1) {
      const one = daysOfWord(range[0]!);
      if (!one) return null;
      one.forEach((day) => days.add(day));
    } else if (range.length === 2) {
      const from = daysOfWord(range[0]!);
      const to = daysOfWord(range[1]!);
      if (from?.length !== 1 || to?.length !== 1) return null;
      for (let day = from[0]!; ; day = (day + 1) % 7) {
        days.add(day);
        if (day === to[0]) break;
      }
    } else return null;
  }
  return days.size ? [...days].sort() : null;
}

/** "8am", "8:30 a.m.", "17:00", "noon", "midnight", "5" → minutes; null when unread. */
export function readTime(text: string): { minutes: number; meridiem: boolean } | null {
  const value = text.toLowerCase().replace(/\s+/g, '').replace(/\./g, '');
  if (value === 'noon') return { minutes: 720, meridiem: true };
  if (value === 'midnight') return { minutes: 1440, meridiem: true };
  const match = /^(\d{1,2})(?::(\d{2}))?(am|pm|a|p)?$/.exec(value);
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? 0);
  if (hour > 24 || minute > 59) return null;
  const meridiem = match[3];
  if (meridiem?.startsWith('p') && hour < 12) hour += 12;
  if (meridiem?.startsWith('a') && hour === 12) hour = 0;
  return { minutes: hour * 60 + minute, meridiem: Boolean(meridiem) || Boolean(match[2]) };
}

/** "8am–5pm", "8 a.m. to 6 p.m.", "8–5" (an afternoon close without am/pm) → [opens, closes]. */
export function readTimeRange(opensText: string, closesText: string): Interval | null {
  const opens = readTime(opensText);
  const closes = readTime(closesText);
  if (!opens || !closes) return null;
  let end = closes.minutes;
  if (end === 0) end = 1440;
  // "8–5", "9-1": read as a day's hours, the close in the afternoon.
  if (!closes.meridiem && end <= opens.minutes && end + 720 <= 1440) end += 720;
  if (end <= opens.minutes) return null;
  return [opens.minutes, end];
}

/** The owner's week in words: "Mon 08:00–17:00 · … · Sun closed". */
export function describeWeek(week: Week): string {
  const time = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return week
    .map((day, i) => {
      const name = DAY_NAMES[i]!.slice(0, 3);
      if (!day.length) return `${name} closed`;
      if (day.length === 1 && day[0]![0] === 0 && day[0]![1] === 1440) return `${name} 24 hours`;
      return `${name} ${day.map(([a, b]) => `${time(a)}–${time(b)}`).join(', ')}`;
    })
    .join(' · ');
}
