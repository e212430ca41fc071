import { z } from 'zod';
import { printable, tooLong } from './text';

import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORDS_DO_NOT_MATCH,
} from './limits';

export { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

// One schema per payload, shared by the forms (conform), their actions and the JSON API.

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX_LENGTH, tooLong('Email', EMAIL_MAX_LENGTH))
  .pipe(z.email('Please enter a valid email address'))
  .transform((value) => value.toLowerCase());

export const optionalNameSchema = z
  .string()
  .trim()
  .max(NAME_MAX_LENGTH, tooLong('Name', NAME_MAX_LENGTH))
  .refine(...printable('Name'))
  .optional()
  .transform((value) => (value ? value : undefined));

export const LoginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, tooLong('Password', PASSWORD_MAX_LENGTH)),
});

export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, tooLong('Password', PASSWORD_MAX_LENGTH));

/** The JSON API's register payload (spec section 7: no confirmPassword). */
export const RegisterSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstName: optionalNameSchema,
  lastName: optionalNameSchema,
});

/** The register form adds the confirmation, which never leaves the server. */
export const RegisterFormSchema = RegisterSchema.extend({
  confirmPassword: z
    .string({ error: 'Please confirm your password' })
    .min(1, 'Please confirm your password'),
}).refine((data) => data.password === data.confirmPassword, {
  message: PASSWORDS_DO_NOT_MATCH,
  path: ['confirmPassword'],
});

export type LoginInput = z.infer<typeof LoginSchema>;
export type RegisterInput = {
  email: string;
  password: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
};
