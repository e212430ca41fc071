import { z } from 'zod';
import { printable, tooLong } from './text';

// The contact form's payload (spec section 3), validated as spec section 5 says: name, email and
// message required, email e-mail-shaped, company and phone optional. The spec shows no length
// bounds; ours only keep a single row from growing without limit.

import { CONTACT_LIMITS, HONEYPOT_FIELD, INQUIRY_TYPES, type InquiryType } from './limits';

export { CONTACT_LIMITS, HONEYPOT_FIELD, INQUIRY_TYPES, type InquiryType };

const required = (label: string, max: number, multiLine = false) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, tooLong(label, max))
    .refine(...printable(label, { multiLine }));

const optional = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(label, max))
    .refine(...printable(label))
    .optional()
    .transform((value) => (value ? value : undefined));

export const ContactSchema = z.object({
  name: required('Name', CONTACT_LIMITS.name),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(CONTACT_LIMITS.email, tooLong('Email', CONTACT_LIMITS.email))
    .pipe(z.email('Please enter a valid email address'))
    .transform((value) => value.toLowerCase()),
  company: optional('Company', CONTACT_LIMITS.company),
  phone: optional('Phone', CONTACT_LIMITS.phone),
  message: required('Message', CONTACT_LIMITS.message, true),
  inquiryType: z
    .enum(INQUIRY_TYPES, { error: 'Please choose an inquiry type' })
    .optional()
    .default('general'),
});

export type ContactInput = z.infer<typeof ContactSchema>;
