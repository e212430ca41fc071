import { contactSuccessMessage, RESPONSE_TIMES } from '~/content/contact';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  CONTACT_RATE_LIMIT,
  RATE_LIMIT_MESSAGE,
  submitContactInquiry,
} from '~/domain/contact.server';
import { isDomainError } from '~/domain/errors';
import { db } from '~/lib/db.server';
import { action, loader } from '~/routes/contact';
import { INQUIRY_TYPES, type ContactInput } from '~/schemas/contact';
import { args, formRequest, settle, toastOf as flashOf } from './helpers';

const input: ContactInput = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  company: 'Acme Plumbing',
  phone: '+1 555 0100',
  message: 'How does the DIY plan work?',
  inquiryType: 'diy',
};

beforeEach(async () => {
  await db.contactInquiry.deleteMany();
});

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('submitContactInquiry', () => {
  it('stores one inquiry with every field and the sender address', async () => {
    const outcome = await submitContactInquiry(input, { ipAddress: '198.51.100.1' });
    expect(outcome.status).toBe('stored');
    const rows = await db.contactInquiry.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...input, ipAddress: '198.51.100.1' });
    expect(outcome).toEqual({ status: 'stored', id: rows[0]!.id });
  });

  it('a filled honeypot pretends success and stores nothing', async () => {
    const outcome = await submitContactInquiry(input, {
      ipAddress: '198.51.100.2',
      honeypot: 'http://spam.example',
    });
    expect(outcome).toEqual({ status: 'discarded' });
    expect(await db.contactInquiry.count()).toBe(0);
  });

  it('refuses the 6th inquiry from one IP within an hour and stores nothing', async () => {
    const now = new Date('2026-05-01T12:00:00.000Z');
    for (let i = 0; i < CONTACT_RATE_LIMIT.perIp; i += 1) {
      await submitContactInquiry(input, { ipAddress: '198.51.100.3', now });
    }
    expect(CONTACT_RATE_LIMIT.perIp).toBe(5);
    const error = await rejection(submitContactInquiry(input, { ipAddress: '198.51.100.3', now }));
    expect(isDomainError(error) && error.code).toBe('rate_limited');
    expect((error as Error).message).toBe(RATE_LIMIT_MESSAGE);
    expect(await db.contactInquiry.count({ where: { ipAddress: '198.51.100.3' } })).toBe(5);

    // Another address is not affected, and an hour later the first one may write again.
    await submitContactInquiry(input, { ipAddress: '198.51.100.4', now });
    const later = new Date(now.getTime() + CONTACT_RATE_LIMIT.windowMs + 1);
    await submitContactInquiry(input, { ipAddress: '198.51.100.3', now: later });
    expect(await db.contactInquiry.count()).toBe(7);
  });

  it('many inquiries at once from one address: exactly its allowance is stored, the rest refused', async () => {
    const now = new Date('2026-05-02T12:00:00.000Z');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, () =>
        submitContactInquiry(input, { ipAddress: '198.51.100.9', now }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(CONTACT_RATE_LIMIT.perIp);
    for (const o of outcomes)
      if (o.status === 'rejected')
        expect(isDomainError(o.reason) && o.reason.code).toBe('rate_limited');
    expect(await db.contactInquiry.count({ where: { ipAddress: '198.51.100.9' } })).toBe(
      CONTACT_RATE_LIMIT.perIp,
    );
  });

  it('visitors of unknown address share one larger bucket', async () => {
    const now = new Date('2026-05-01T12:00:00.000Z');
    await db.contactInquiry.createMany({
      data: Array.from({ length: CONTACT_RATE_LIMIT.unknownIp - 1 }, () => ({
        name: 'x',
        email: 'x@example.com',
        message: 'x',
        ipAddress: null,
        createdAt: now,
      })),
    });
    await submitContactInquiry(input, { ipAddress: null, now });
    const error = await rejection(submitContactInquiry(input, { ipAddress: null, now }));
    expect(isDomainError(error) && error.code).toBe('rate_limited');
    expect(await db.contactInquiry.count()).toBe(CONTACT_RATE_LIMIT.unknownIp);
    // Those rows do not count against visitors whose address is known.
    await submitContactInquiry(input, { ipAddress: '198.51.100.5', now });
  });
});

describe('the promised response time follows the inquiry type', () => {
  it('general 24 hours; plans and partnerships are sales, 4 hours; enterprise 1 hour', () => {
    expect(INQUIRY_TYPES.map((type) => [type, contactSuccessMessage(type).description])).toEqual([
      ['general', "Thank you for reaching out. We'll get back to you within 24 hours."],
      ['diy', "Thank you for reaching out. We'll get back to you within 4 hours."],
      ['white-glove', "Thank you for reaching out. We'll get back to you within 4 hours."],
      ['enterprise', "Thank you for reaching out. We'll get back to you within 1 hour."],
      ['partnership', "Thank you for reaching out. We'll get back to you within 4 hours."],
    ]);
    // The same figures the page lists.
    expect(RESPONSE_TIMES.map((row) => row.time)).toEqual([
      '24 hours',
      '4 hours',
      '2 hours',
      '1 hour',
    ]);
  });
});

describe('/contact route', () => {
  const fields = {
    name: 'Bo Park',
    email: 'Bo@Example.com',
    company: '',
    phone: '',
    message: 'Please call me back.',
    inquiryType: 'enterprise',
    fax: '',
  };
  const fromIp = (ip: string) => ({ 'X-Forwarded-For': ip });

  it('loader hands the page the booking link and the form’s constraints (no zod in the browser)', async () => {
    const { data } = await settle(loader(args(new Request('http://localhost/contact'))));
    expect(data).toMatchObject({
      origin: 'http://localhost',
      bookingUrl: 'https://calendly.com/ai-visibility/strategy-call',
      constraint: {
        name: { required: true },
        email: { required: true },
        message: { required: true },
      },
    });
    expect(
      (data as { constraint: Record<string, { required?: boolean }> }).constraint.company?.required,
    ).toBeFalsy();
  });

  it('a valid post stores the inquiry and redirects back with the confirmation (post/redirect/get)', async () => {
    const result = await settle(
      await action(args(formRequest('/contact', fields, fromIp('203.0.113.10')))),
    );
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/contact');
    // An enterprise inquiry is promised an answer within the hour, as the page says.
    expect(await flashOf(result.headers)).toMatchObject({
      title: 'Message Sent!',
      description: "Thank you for reaching out. We'll get back to you within 1 hour.",
    });
    const rows = await db.contactInquiry.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Bo Park',
      email: 'bo@example.com',
      company: null,
      phone: null,
      inquiryType: 'enterprise',
      ipAddress: '203.0.113.10',
    });
  });

  it('a bad e-mail gets a field error, keeps the values and stores nothing', async () => {
    const result = await settle(
      await action(args(formRequest('/contact', { ...fields, email: 'nope' }))),
    );
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      result: {
        status: 'error',
        error: { email: ['Please enter a valid email address'] },
        initialValue: { name: 'Bo Park', email: 'nope' },
      },
    });
    expect(await db.contactInquiry.count()).toBe(0);
  });

  it('a filled honeypot looks like success to the sender but stores nothing', async () => {
    const result = await settle(
      await action(args(formRequest('/contact', { ...fields, fax: 'buy now' }))),
    );
    expect(result.status).toBe(302);
    expect(await flashOf(result.headers)).toMatchObject({ title: 'Message Sent!' });
    expect(await db.contactInquiry.count()).toBe(0);
  });

  it('over the limit the form says so (429) and nothing more is stored', async () => {
    for (let i = 0; i < 5; i += 1) {
      const ok = await settle(
        await action(args(formRequest('/contact', fields, fromIp('203.0.113.11')))),
      );
      expect(ok.status).toBe(302);
    }
    const refused = await settle(
      await action(args(formRequest('/contact', fields, fromIp('203.0.113.11')))),
    );
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({
      result: { error: { '': [RATE_LIMIT_MESSAGE] } },
    });
    expect(await db.contactInquiry.count()).toBe(5);
  });
});
