import { parsePhoneNumberFromString } from 'libphonenumber-js';

// What the Demo assistant says about the owner's business beyond its name: its phone, address
// and opening hours, as real assistants do, mostly right and now and then wrong (an old number,
// a house number off by two, hours it made up), so the fact check shows every verdict in `npm
// run demo`. Said in a sentence that names the business, so the reader attributes it. Everything
// the Demo assistant says is simulated and labelled so.

export type DemoFacts = {
  phone?: string | null;
  address?: string | null;
  openingHours?: string | null;
};

/** How often an answer that names the business also gives a fact of it. */
const FACT_RATE = 0.6;
/** Of those, how often the fact is wrong. */
const WRONG_RATE = 0.25;

const DAYS: Record<string, string> = {
  Mo: 'Mon',
  Tu: 'Tue',
  We: 'Wed',
  Th: 'Thu',
  Fr: 'Fri',
  Sa: 'Sat',
  Su: 'Sun',
};

function clock(time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  if (hours === 24 || (hours === 0 && minutes === 0)) return 'midnight';
  const meridiem = hours >= 12 ? 'pm' : 'am';
  const hour = hours % 12 || 12;
  return `${hour}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}${meridiem}`;
}

/** "Mo-Fr 08:00-17:00, Sa 09:00-12:00" → "Mon–Fri 8am–5pm, Sat 9am–12pm"; "24/7" → "24/7". */
export function hoursInWords(openingHours: string): string {
  if (/^\s*24\s*\/\s*7\s*$/.test(openingHours)) return '24/7';
  return openingHours
    .replace(/\b(Mo|Tu|We|Th|Fr|Sa|Su)\b/g, (day) => DAYS[day] ?? day)
    .replace(
      /(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})/g,
      (_, a: string, b: string) => `${clock(a)}–${clock(b)}`,
    )
    .replace(/([A-Z][a-z]{2})-([A-Z][a-z]{2})/g, '$1–$2');
}

/** A number the business no longer has: the same but its last digit. */
function oldNumber(e164: string): string | null {
  const last = Number(e164.slice(-1));
  const changed = parsePhoneNumberFromString(`${e164.slice(0, -1)}${(last + 3) % 10}`);
  return changed?.isValid() ? changed.formatNational() : null;
}

/**
 * A sentence of facts about the business, or null (most answers give none). `name` is the
 * business's name as the answer writes it.
 */
export function demoFactSentence(
  name: string,
  facts: DemoFacts,
  pick: <T>(items: readonly T[]) => T,
  random: () => number,
): string | null {
  if (random() >= FACT_RATE) return null;
  const wrong = random() < WRONG_RATE;
  const options: string[] = [];
  const phone = facts.phone ? parsePhoneNumberFromString(facts.phone) : null;
  if (phone?.isValid()) {
    const number = wrong ? oldNumber(facts.phone!) : phone.formatNational();
    if (number)
      options.push(
        pick([
          `You can reach ${name} at ${number}.`,
          `${name} takes calls at ${number}.`,
          `To book, call ${name} on ${number}.`,
        ]),
      );
  }
  if (facts.address) {
    const address = wrong
      ? facts.address.replace(/^(\d+)/, (number) => String(Number(number) + 2))
      : facts.address;
    options.push(pick([`${name} is located at ${address}.`, `${name}'s shop is at ${address}.`]));
  }
  if (facts.openingHours && !wrong)
    options.push(`${name} is open ${hoursInWords(facts.openingHours)}.`);
  if (wrong || !facts.openingHours)
    options.push(
      pick([
        `${name} is open 24/7 for emergencies.`,
        `${name} is closed on Saturdays.`,
        `${name} is open until 9pm on weekdays.`,
      ]),
    );
  // Now and then an assistant repeats a stale listing.
  if (wrong && random() < 0.1) options.push(`Some listings say ${name} is permanently closed.`);
  return options.length ? pick(options) : null;
}
