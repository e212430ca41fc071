import { describe, expect, it } from 'vitest';
import { LoginSchema, RegisterFormSchema, RegisterSchema } from './auth';

describe('LoginSchema', () => {
  it('normalises the e-mail to lower case without spaces', () => {
    expect(LoginSchema.parse({ email: '  Ann@Example.COM ', password: 'x' })).toEqual({
      email: 'ann@example.com',
      password: 'x',
    });
  });

  it('requires an e-mail-shaped e-mail and a password', () => {
    const result = LoginSchema.safeParse({ email: 'not-an-email', password: '' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toContain('Please enter a valid email address');
    expect(messages).toContain('Password is required');
  });
});

describe('RegisterFormSchema', () => {
  const valid = {
    email: 'new@example.com',
    password: 'long-enough-1',
    confirmPassword: 'long-enough-1',
  };

  it('accepts a valid registration and drops empty names', () => {
    const value = RegisterFormSchema.parse({ ...valid, firstName: '', lastName: '  ' });
    expect(value.firstName).toBeUndefined();
    expect(value.lastName).toBeUndefined();
  });

  it("says 'Passwords do not match' on the confirmation field", () => {
    const result = RegisterFormSchema.safeParse({ ...valid, confirmPassword: 'something-else' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: 'Passwords do not match' }),
    ]);
  });

  it('requires a password of at least 8 characters', () => {
    const result = RegisterFormSchema.safeParse({
      ...valid,
      password: 'short',
      confirmPassword: 'short',
    });
    expect(result.error?.issues[0]?.message).toBe('Password must be at least 8 characters');
  });
});

describe('RegisterSchema (JSON API)', () => {
  it('keeps names, ignores unknown fields such as a role', () => {
    const value = RegisterSchema.parse({
      email: 'x@example.com',
      password: 'long-enough-1',
      firstName: 'Ann',
      role: 'admin',
    });
    expect(value).toEqual({
      email: 'x@example.com',
      password: 'long-enough-1',
      firstName: 'Ann',
      lastName: undefined,
    });
  });

  it('rejects wrongly typed fields', () => {
    expect(RegisterSchema.safeParse({ email: 42, password: 'long-enough-1' }).success).toBe(false);
    expect(RegisterSchema.safeParse({ email: 'x@example.com', password: 12345678 }).success).toBe(
      false,
    );
  });
});
