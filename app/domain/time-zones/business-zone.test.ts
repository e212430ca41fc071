import { describe, expect, it } from 'vitest';
import { businessZone, zoneOfPhone, zoneOfPlace } from './business-zone.server';

// Issue 44, item 9: a business's times are in its own zone, read from where it is.

describe('the zone of a place as an owner types it', () => {
  it.each([
    ['Springfield, IL', 'America/Chicago'],
    ['Springfield, Illinois', 'America/Chicago'],
    ['Austin, TX', 'America/Chicago'],
    ['Denver, CO', 'America/Denver'],
    ['Phoenix, AZ', 'America/Phoenix'],
    ['Portland, OR', 'America/Los_Angeles'],
    ['Portland, ME', 'America/New_York'],
    ['Raleigh, North Carolina, USA', 'America/New_York'],
    ['Honolulu, HI 96813', 'Pacific/Honolulu'],
    ['Indianapolis, IN', 'America/Indiana/Indianapolis'],
  ])('a US state: %s → %s', (place, zone) => {
    expect(zoneOfPlace(place)).toBe(zone);
  });

  it.each([
    ['El Paso, TX', 'America/Denver'],
    ['Pensacola, FL', 'America/Chicago'],
    ['Knoxville, TN', 'America/New_York'],
  ])('a town on the other side of its state’s zone line: %s → %s', (place, zone) => {
    expect(zoneOfPlace(place)).toBe(zone);
  });

  it.each([
    ['Chicago', 'America/Chicago'],
    ['London', 'Europe/London'],
    ['Sydney, Australia', 'Australia/Sydney'],
    ['Perth, WA', 'Australia/Perth'],
  ])('a city: %s → %s', (place, zone) => {
    expect(zoneOfPlace(place)).toBe(zone);
  });

  it.each([
    ['Toronto, ON', 'America/Toronto'],
    ['Vancouver, British Columbia, Canada', 'America/Vancouver'],
    ['London, ON', 'America/Toronto'],
    ['Brisbane, QLD', 'Australia/Brisbane'],
    ['Leeds, West Yorkshire, UK', 'Europe/London'],
    ['Berlin, Germany', 'Europe/Berlin'],
    ['Dublin, Ireland', 'Europe/Dublin'],
    ['Dublin, OH', 'America/New_York'],
    ['Paris, TX', 'America/Chicago'],
  ])('a province, a country, a town named like another: %s → %s', (place, zone) => {
    expect(zoneOfPlace(place)).toBe(zone);
  });

  it.each([null, '', '   ', 'Nowhere', 'Springfield', 'USA', 'Australia', 'Brazil', 'Remote'])(
    'nothing it can tell, or a country with several zones and no region: %j → none',
    (place) => {
      expect(zoneOfPlace(place)).toBeNull();
    },
  );
});

describe('the zone a business’s times are shown in', () => {
  it('reads its location first', () => {
    expect(businessZone({ location: 'Springfield, IL', address: '1 High St, Leeds, UK' })).toEqual({
      timeZone: 'America/Chicago',
      from: 'Springfield, IL',
      source: 'location',
    });
  });

  it('then its address line, then its phone’s country', () => {
    expect(
      businessZone({ location: 'Downtown', address: '400 S Main St, Springfield, IL 62701' }),
    ).toEqual({
      timeZone: 'America/Chicago',
      from: '400 S Main St, Springfield, IL 62701',
      source: 'address',
    });
    expect(businessZone({ location: null, phone: '+44 20 7946 0000' })).toEqual({
      timeZone: 'Europe/London',
      from: '+44 20 7946 0000',
      source: 'phone',
    });
    // A US number alone does not tell which of the country's zones.
    expect(zoneOfPhone('+1 512 555 0142')).toBeNull();
  });

  it('is UTC, and says it read nothing, when nothing tells', () => {
    expect(businessZone({ location: 'Somewhere nice', phone: 'not a number' })).toEqual({
      timeZone: 'UTC',
      from: null,
      source: null,
    });
    expect(businessZone({})).toEqual({ timeZone: 'UTC', from: null, source: null });
  });
});
