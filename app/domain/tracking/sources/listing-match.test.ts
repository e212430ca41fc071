import { describe, expect, it } from 'vitest';
import { findBusiness, phoneDigits } from './listing-match';

const business = {
  name: 'Moreno Plumbing & Heating LLC',
  website: 'https://www.moreno-plumbing.example/',
  phones: ['+1 512 555 0100'],
};

const page = (body: string) =>
  `<html><head><title>Best plumbers</title><script>var x = "Moreno Plumbing and Heating";</script></head><body>${body}</body></html>`;

describe('is the business on the page?', () => {
  it('finds a variant of its name in the text', () => {
    expect(findBusiness(page('<h2>Moreno Plumbing and Heating</h2>'), business)).toEqual({
      listed: true,
      found: ['name'],
    });
    expect(
      findBusiness(page('<p>Call the moreno plumbing &amp; heating team</p>'), business).listed,
    ).toBe(true);
  });

  it('finds its phone in any format, or a link to its site', () => {
    expect(findBusiness(page('<a href="tel:(512) 555-0100">Call</a>'), business).found).toEqual([
      'phone',
    ]);
    expect(findBusiness(page('<p>Phone: 512.555.0100</p>'), business).found).toEqual(['phone']);
    expect(
      findBusiness(page('<a href="https://moreno-plumbing.example/contact">Site</a>'), business)
        .found,
    ).toEqual(['link']);
    expect(findBusiness(page('<p>www.moreno-plumbing.example</p>'), business).found).toEqual([
      'link',
    ]);
  });

  it('is not listed when only other businesses, or only a script, name it', () => {
    const result = findBusiness(
      page('<h2>Ace Drains</h2><p>Moreno Heating</p><a href="https://acedrains.example">x</a>'),
      business,
    );
    expect(result).toEqual({ listed: false, found: [] });
    expect(findBusiness(page('<p>not-moreno-plumbing.example.org</p>'), business).listed).toBe(
      false,
    );
  });

  it('needs more than one short word', () => {
    const short = { name: 'Ace', website: null, phones: [] };
    expect(findBusiness(page('<p>Ace</p>'), short).listed).toBe(false);
  });

  it('compares phones by their last ten digits', () => {
    expect(phoneDigits('+44 113 496 0000')).toBe('1134960000');
    expect(phoneDigits('12')).toBeNull();
  });
});
