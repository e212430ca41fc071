import { describe, expect, it } from 'vitest';
import { ContactSchema, INQUIRY_TYPES } from './contact';

const valid = { name: 'Ann Lee', email: 'ann@example.com', message: 'Hello there' };

function messagesFor(input: Record<string, unknown>) {
  const result = ContactSchema.safeParse(input);
  expect(result.success).toBe(false);
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('ContactSchema', () => {
  it('accepts name, email and message; optional fields dropped when blank; type defaults to general', () => {
    expect(
      ContactSchema.parse({ ...valid, email: '  Ann@Example.COM ', company: '', phone: '  ' }),
    ).toEqual({
      name: 'Ann Lee',
      email: 'ann@example.com',
      company: undefined,
      phone: undefined,
      message: 'Hello there',
      inquiryType: 'general',
    });
  });

  it('keeps company, phone and each of the five inquiry types', () => {
    expect(INQUIRY_TYPES).toEqual(['general', 'diy', 'white-glove', 'enterprise', 'partnership']);
    for (const inquiryType of INQUIRY_TYPES) {
      const value = ContactSchema.parse({
        ...valid,
        company: ' Acme ',
        phone: '+1 555 0100',
        inquiryType,
      });
      expect(value).toMatchObject({ company: 'Acme', phone: '+1 555 0100', inquiryType });
    }
  });

  it('requires name, email and message (blank or missing)', () => {
    expect(messagesFor({ name: '  ', email: '', message: '' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      message: 'Message is required',
    });
    expect(messagesFor({})).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      message: 'Message is required',
    });
  });

  it('rejects an e-mail that is not e-mail-shaped', () => {
    expect(messagesFor({ ...valid, email: 'not-an-email' })).toEqual({
      email: 'Please enter a valid email address',
    });
  });

  it('rejects an unknown inquiry type and over-long fields', () => {
    expect(messagesFor({ ...valid, inquiryType: 'spam' })).toEqual({
      inquiryType: 'Please choose an inquiry type',
    });
    expect(messagesFor({ ...valid, message: 'x'.repeat(5001) })).toEqual({
      message: 'Message must be at most 5000 characters',
    });
  });
});

describe('control characters', () => {
  const valid = { name: 'Ann', email: 'ann@example.com', message: 'Hello' };
  it('are refused, while a message may have line breaks', () => {
    expect(ContactSchema.safeParse({ ...valid, name: 'A\u0000' }).success).toBe(false);
    expect(ContactSchema.safeParse({ ...valid, company: 'Co\u0007' }).success).toBe(false);
    expect(ContactSchema.safeParse({ ...valid, message: 'Hi\u0000' }).success).toBe(false);
    expect(ContactSchema.safeParse({ ...valid, message: 'Line one\r\nLine two' }).success).toBe(
      true,
    );
  });
});
