import { describe, expect, it } from 'vitest';
import { readAnswer } from './reader';
import { nameVariants } from './variants';

// Issue 43 item 1: the forms of the owner's name an answer writes, and the owner's own.

const names = (name: string, location: string | null, added: string[] = []) =>
  nameVariants(name, location, added).map((variant) => variant.name);

describe('nameVariants', () => {
  it('drops the trade word, "& Co" and the town at the end, and keeps the owner’s own', () => {
    expect(names("Lou Malnati's Pizzeria", 'Chicago, IL')).toContain("Lou Malnati's");
    expect(names("O'Neill & Co Electrical", 'Dublin')).toContain("O'Neill Electrical");
    expect(names('Castle Roofing Leeds', 'Leeds, UK')).toContain('Castle Roofing');
    expect(names('Capsule CRM', null)).toContain('Capsule');
    expect(names('Bright Smile Dental', 'Denver', ['BSD'])).toContain('BSD');
    // A name that would say nothing on its own is not a variant.
    expect(names('The Bakery', null)).toEqual(['The Bakery']);
  });

  it('a possessive short form counts only after a longer form of the name', () => {
    const short = nameVariants("Gus's World Famous Fried Chicken", 'Memphis, TN');
    expect(short.find((variant) => variant.short)?.name).toBe("Gus's");
  });
});

describe('the reader with the variants', () => {
  const business = { name: "Lou Malnati's Pizzeria", location: 'Chicago, IL' };

  it('reads a variant and the owner’s own name as the business, and a short form after them', () => {
    expect(readAnswer({ text: "Try **Lou Malnati's** for deep dish.", business }).mentioned).toBe(
      true,
    );
    const own = readAnswer({
      text: 'Locals swear by LMP for deep dish.',
      business: { ...business, variants: ['LMP'] },
    });
    expect(own.mentioned).toBe(true);
    expect(own.competitors).toEqual([]);
    const gus = { name: "Gus's World Famous Fried Chicken", location: 'Memphis, TN' };
    expect(
      readAnswer({ text: "Gus's is known for its spicy batter.", business: gus }).mentioned,
    ).toBe(false);
    const after = readAnswer({
      text: "Start with Gus's World Famous Fried Chicken downtown. Gus's is known for its spicy batter.",
      business: gus,
    });
    expect(after.matches.filter((match) => match.kind === 'business')).toHaveLength(2);
  });

  it('does not count the plain word for a one-word name', () => {
    const rise = { name: 'Rise', location: 'Bath, UK' };
    expect(
      readAnswer({ text: 'Let the dough rise for an hour before baking.', business: rise })
        .mentioned,
    ).toBe(false);
  });
});
