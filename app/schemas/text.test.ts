import { describe, expect, it } from 'vitest';
import { ProfileSchema } from './account';
import { AdminUserUpdateSchema } from './admin';
import { RegisterSchema } from './auth';
import { BusinessSchema } from './business';
import { ContactSchema } from './contact';
import { hasForbiddenCharacters } from './text';

// Text must be valid UTF-8: a lone surrogate (half of a UTF-16 pair) has no UTF-8 form, SQLite
// stores its WTF-8 bytes (ED A0 80) and PostgreSQL refuses them. The shared text check refuses it
// in every field that uses it.

const LONE = ['\ud800', 'Ann\udfff', '\udc00x', 'ab\ud83d'];

describe('the shared text check', () => {
  it('refuses lone surrogates, keeps real pairs (emoji) and other text', () => {
    for (const value of LONE)
      expect(hasForbiddenCharacters(value), JSON.stringify(value)).toBe(true);
    for (const value of ['Ann', 'Zoë', 'Café 😀', '東京', 'a\tb\nc']) {
      expect(hasForbiddenCharacters(value, { multiLine: true }), value).toBe(false);
    }
  });

  it('every schema gives a field error for a lone surrogate', () => {
    const cases = [
      [
        RegisterSchema,
        { email: 'a@example.com', password: 'long-enough-1', firstName: '\ud800' },
        'firstName',
      ],
      [ProfileSchema, { firstName: 'Ann', lastName: 'B\udc00' }, 'lastName'],
      [BusinessSchema, { name: 'Harbor \ud800 Dental' }, 'name'],
      [BusinessSchema, { name: 'Harbor', description: '\ud800' }, 'description'],
      [ContactSchema, { name: '\ud800', email: 'a@example.com', message: 'Hello there' }, 'name'],
      [AdminUserUpdateSchema, { firstName: '\ud800' }, 'firstName'],
    ] as const;
    for (const [schema, input, field] of cases) {
      const result = (
        schema as {
          safeParse: (v: unknown) => {
            success: boolean;
            error?: { issues: { path: PropertyKey[] }[] };
          };
        }
      ).safeParse(input);
      expect(result.success, `${field} ${JSON.stringify(input)}`).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path[0])).toContain(field);
    }
  });
});
