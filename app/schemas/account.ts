import { z } from 'zod';
import { emailSchema, newPasswordSchema, optionalNameSchema } from './auth';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORDS_DO_NOT_MATCH } from './limits';
import { printable, tooLong } from './text';

// The account's forms and their JSON twins: one schema per payload, shared by the pages' actions
// (conform's parseWithZod) and the JSON API.

const currentPassword = z
  .string({ error: 'Enter your current password' })
  .min(1, 'Enter your current password')
  .max(PASSWORD_MAX_LENGTH, tooLong('Password', PASSWORD_MAX_LENGTH));

const confirmation = z
  .string({ error: 'Please confirm your password' })
  .min(1, 'Please confirm your password');

/** A reset token: 32 random bytes, base64url. Anything else cannot be one of ours. */
const resetToken = z
  .string({ error: 'The reset link is incomplete' })
  .trim()
  .min(1, 'The reset link is incomplete')
  .max(200, 'The reset link is not valid');

export const ForgotPasswordSchema = z.object({ email: emailSchema });

/** POST /api/auth/reset-password. */
export const ResetPasswordSchema = z.object({ token: resetToken, password: newPasswordSchema });

/** /reset-password: the same, with the confirmation sign-up asks for. */
export const ResetPasswordFormSchema = ResetPasswordSchema.extend({
  confirmPassword: confirmation,
}).refine((value) => value.password === value.confirmPassword, {
  message: PASSWORDS_DO_NOT_MATCH,
  path: ['confirmPassword'],
});

export const ProfileSchema = z.object({
  firstName: optionalNameSchema,
  lastName: optionalNameSchema,
});

export const ChangeEmailSchema = z.object({ email: emailSchema, currentPassword });

export const ChangePasswordFormSchema = z
  .object({ currentPassword, newPassword: newPasswordSchema, confirmPassword: confirmation })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  });

/** Deleting the account (the page asks in a confirmation dialog; DELETE /api/account alike). */
export const DeleteAccountSchema = z.object({ password: currentPassword });

/** A name in PUT /api/account: absent keeps it, null or "" clears it. */
const nameUpdate = z
  .string()
  .trim()
  .max(NAME_MAX_LENGTH, tooLong('Name', NAME_MAX_LENGTH))
  .refine(...printable('Name'))
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

/** PUT /api/account: any of names, e-mail, password; the last two need the current password. */
export const AccountUpdateSchema = z
  .object({
    firstName: nameUpdate,
    lastName: nameUpdate,
    email: emailSchema.optional(),
    newPassword: newPasswordSchema.optional(),
    currentPassword: currentPassword.optional(),
  })
  .refine(
    (value) =>
      !(value.email !== undefined || value.newPassword !== undefined) || value.currentPassword,
    { message: 'Enter your current password', path: ['currentPassword'] },
  );

export type AccountUpdateInput = z.infer<typeof AccountUpdateSchema>;
