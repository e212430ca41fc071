import { describe, expect, it } from 'vitest';
import {
  BusinessSchema,
  BusinessUpdateSchema,
  normalizeWebsite,
  WEBSITE_CREDENTIALS_ERROR,
  WEBSITE_ERROR,
} from './business';

function messages(result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) {
  return result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('BusinessSchema (create payload, add and edit forms)', () => {
  it('keeps a full business, trimmed', () => {
    expect(
      BusinessSchema.parse({
        name: '  Joe’s Plumbing ',
        description: 'Emergency plumbing',
        website: 'https://joes.example.com/',
        industry: 'Plumbing',
        location: 'Austin, TX',
      }),
    ).toEqual({
      name: 'Joe’s Plumbing',
      description: 'Emergency plumbing',
      website: 'https://joes.example.com/',
      industry: 'Plumbing',
      location: 'Austin, TX',
    });
  });

  it('requires a name', () => {
    expect(messages(BusinessSchema.safeParse({}))).toEqual([['name', 'Business name is required']]);
    expect(messages(BusinessSchema.safeParse({ name: '   ' }))).toEqual([
      ['name', 'Business name is required'],
    ]);
  });

  it('turns empty optional fields into null', () => {
    expect(
      BusinessSchema.parse({ name: 'A', description: '', website: ' ', industry: null }),
    ).toEqual({ name: 'A', description: null, website: null, industry: null });
  });

  it.each([
    'not a url',
    'ftp://files.example.com',
    'javascript:alert(1)',
    'http://',
    'localhost',
    'https://exa mple.com',
  ])('rejects the website %j', (website) => {
    expect(messages(BusinessSchema.safeParse({ name: 'A', website }))).toEqual([
      ['website', WEBSITE_ERROR],
    ]);
  });

  it('refuses an address with a user name or password in it, with a field error', () => {
    for (const website of [
      'http://user:pass@example.com/',
      'https://user@example.com',
      'user@example.com',
      'https://:secret@example.com/',
    ]) {
      const result = BusinessSchema.safeParse({ name: 'A', website });
      expect(result.success, website).toBe(false);
      expect(messages(result), website).toEqual([['website', WEBSITE_CREDENTIALS_ERROR]]);
    }
  });

  it('accepts a bare host by prefixing https://', () => {
    expect(BusinessSchema.parse({ name: 'A', website: 'example.com' }).website).toBe(
      'https://example.com',
    );
    expect(normalizeWebsite('www.example.co.uk/about')).toBe('https://www.example.co.uk/about');
    expect(normalizeWebsite('http://localhost:3000')).toBe('http://localhost:3000');
  });

  it('rejects wrongly typed fields', () => {
    expect(BusinessSchema.safeParse({ name: 42 }).success).toBe(false);
    expect(BusinessSchema.safeParse({ name: 'A', website: 12 }).success).toBe(false);
    expect(BusinessSchema.safeParse({ name: 'A', industry: ['x'] }).success).toBe(false);
  });

  it('limits lengths', () => {
    expect(messages(BusinessSchema.safeParse({ name: 'x'.repeat(201) }))).toEqual([
      ['name', 'Business name must be at most 200 characters'],
    ]);
  });
});

describe('BusinessUpdateSchema (PUT payload)', () => {
  it('leaves absent fields out and clears with null or ""', () => {
    expect(BusinessUpdateSchema.parse({})).toEqual({});
    expect(BusinessUpdateSchema.parse({ description: '', location: null })).toEqual({
      description: null,
      location: null,
    });
  });

  it('never clears the name', () => {
    expect(BusinessUpdateSchema.safeParse({ name: '' }).success).toBe(false);
    expect(BusinessUpdateSchema.safeParse({ name: null }).success).toBe(false);
  });
});

describe('control characters', () => {
  it('are refused in names, single-line fields and websites; line breaks are fine in descriptions', () => {
    expect(BusinessSchema.safeParse({ name: '\u0000\u0000' }).error?.issues[0]?.message).toBe(
      'Business name contains characters that are not allowed',
    );
    expect(BusinessSchema.safeParse({ name: 'Acme', industry: 'Plumb\u001bing' }).success).toBe(
      false,
    );
    expect(BusinessSchema.safeParse({ name: 'Acme', website: 'https://a.com\u0000' }).success).toBe(
      false,
    );
    expect(
      BusinessSchema.safeParse({ name: 'Acme', description: 'Line one\nLine two' }).success,
    ).toBe(true);
    expect(BusinessSchema.safeParse({ name: 'Acme', description: 'Bad\u0000' }).success).toBe(
      false,
    );
  });
});
