import { describe, expect, it } from 'vitest';
import { readAnswer } from '../reading/reader';
import { readFacts, versionsOf } from '../reading/facts';
import { parseOpeningHours } from '../reading/fact-hours';
import { verdictOf, yoursOf, type OwnerFacts } from './verdicts';

const owner: OwnerFacts = {
  phone: '+15125550142',
  address: '1420 E 6th St, Austin, TX 78702',
  openingHours: 'Mo-Fr 08:00-17:00, Sa 09:00-12:00',
  website: 'https://www.okaforplumbing.com',
};

/** The versions an answer gives Okafor Plumbing, each with its verdict against `facts`. */
function judged(text: string, facts: OwnerFacts = owner) {
  const reading = readAnswer({
    text,
    business: { name: 'Okafor Plumbing', location: 'Austin, TX' },
    competitors: ['Radiant Plumbing'],
  });
  const stated = readFacts({
    text,
    matches: reading.matches,
    otherNames: reading.competitors.map((each) => each.name),
    country: 'US',
  });
  return versionsOf(stated).map((fact) => ({ ...fact, verdict: verdictOf(fact, facts) }));
}

describe('opening hours in schema.org syntax', () => {
  it('reads days and times, 24/7, and refuses what it cannot read', () => {
    const week = parseOpeningHours('Mo-Fr 08:00-17:00, Sa 09:00-12:00')!;
    expect(week[0]).toEqual([[480, 1020]]);
    expect(week[5]).toEqual([[540, 720]]);
    expect(week[6]).toEqual([]);
    expect(parseOpeningHours('24/7')!.every((day) => day[0]![1] === 1440)).toBe(true);
    expect(parseOpeningHours('Mo,We 09:00-12:00')![2]).toEqual([[540, 720]]);
    for (const bad of ['weekdays', 'Mo-Fr 8-5', 'Xx 09:00-10:00', 'Mo-Fr 08:00-17:70', ''])
      expect(parseOpeningHours(bad), bad).toBeNull();
  });
});

describe('verdicts against the owner’s facts', () => {
  it('compares phones in E.164, whatever way they are written', () => {
    expect(judged('Call **Okafor Plumbing** at 512.555.0142.')[0]).toMatchObject({
      kind: 'phone',
      verdict: 'right',
    });
    expect(judged('Okafor Plumbing: (512) 555-0100.')[0]).toMatchObject({ verdict: 'wrong' });
  });

  it('compares addresses by number, normalised street and postcode; no number is unclear', () => {
    const right = judged('Okafor Plumbing is at 1420 East 6th Street, Austin, TX 78702.');
    expect(right[0]).toMatchObject({ kind: 'address', verdict: 'right' });
    const wrong = judged('Okafor Plumbing is at 1402 E 6th St, Austin, TX 78702.');
    expect(wrong[0]).toMatchObject({ verdict: 'wrong' });
    const zip = judged('Okafor Plumbing is at 1420 E 6th St, Austin, TX 78701.');
    expect(zip[0]).toMatchObject({ verdict: 'wrong' });
    const noNumber = judged('**Okafor Plumbing**\n📍 East 6th Street, Austin');
    expect(noNumber[0]).toMatchObject({ kind: 'address', verdict: 'unclear' });
  });

  it('judges hours day by day: a contradiction is wrong, some days only is unclear', () => {
    expect(judged('Okafor Plumbing is open 24/7.')[0]).toMatchObject({ verdict: 'wrong' });
    expect(judged('Okafor Plumbing is closed on Saturdays.')[0]).toMatchObject({
      verdict: 'wrong',
    });
    expect(judged('Okafor Plumbing is closed on Sundays.')[0]).toMatchObject({
      verdict: 'unclear',
    });
    expect(judged('Okafor Plumbing is open Mon–Fri 8am–5pm.')[0]).toMatchObject({
      verdict: 'unclear',
    });
    const whole = judged(
      '**Okafor Plumbing**\n🕒 Mon–Fri 8am–5pm · Sat 9am–12pm · Closed Sundays',
    )[0]!;
    expect(whole).toMatchObject({ kind: 'hours', verdict: 'right' });
    expect(judged('Okafor Plumbing is open until 9pm.')[0]).toMatchObject({ verdict: 'wrong' });
    expect(judged('Okafor Plumbing is open until 5pm.')[0]).toMatchObject({ verdict: 'unclear' });
  });

  it('judges the website by site and "permanently closed" as wrong', () => {
    expect(judged('Okafor Plumbing (okaforplumbing.com) is family-owned.')[0]).toMatchObject({
      kind: 'website',
      verdict: 'right',
    });
    expect(judged('Okafor Plumbing (okafor-plumbers.net) is family-owned.')[0]).toMatchObject({
      verdict: 'wrong',
    });
    expect(judged('Okafor Plumbing is permanently closed.')[0]).toMatchObject({
      kind: 'status',
      verdict: 'wrong',
    });
  });

  it('gives no verdict where the owner has not said, and never counts another business’s phone', () => {
    const none: OwnerFacts = { phone: null, address: null, openingHours: null, website: null };
    expect(judged('Okafor Plumbing: (512) 555-0100.', none)[0]).toMatchObject({ verdict: null });
    expect(yoursOf('phone', none)).toBeNull();
    const two = judged(
      'Call Radiant Plumbing at (512) 555-0199, or Okafor Plumbing at (512) 555-0142.',
    );
    expect(two.map((fact) => fact.value)).toEqual(['(512) 555-0142']);
  });
});
