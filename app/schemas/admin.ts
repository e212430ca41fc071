import { z } from 'zod';
import { TIERS } from '~/domain/tiers';
import { NAME_MAX_LENGTH, RegisterSchema } from './auth';
import { printable, tooLong } from './text';

// The list parameters are shared with the user's own lists (/dashboard, /api/businesses).
export { pageParams, searchParam, SEARCH_MAX_LENGTH } from './paging';

// One schema per admin payload: the admin panel's forms (conform), its action and /api/admin/*.

export const ADMIN_PAGE_SIZE = 50;
export const API_MAX_LIMIT = 100;

export const UNKNOWN_TIER_MESSAGE = `Unknown subscription tier (expected one of: ${TIERS.join(', ')})`;

export const tierSchema = z.enum(TIERS, { error: UNKNOWN_TIER_MESSAGE });
export const roleSchema = z.enum(['user', 'admin'], { error: 'Role must be user or admin' });

function nameField(label: string) {
  return z
    .string({ error: `${label} must be a string` })
    .trim()
    .max(NAME_MAX_LENGTH, tooLong(label, NAME_MAX_LENGTH))
    .refine(...printable(label));
}

const optionalName = (label: string) =>
  nameField(label)
    .nullable()
    .transform((value) => (value ? value : null));

/**
 * An expiry: a calendar date (`2027-01-31`, what a date input sends) means the end of that day in
 * UTC, so "expires January 31" keeps access through the 31st; a full ISO timestamp is taken as is;
 * empty or null means no expiry.
 */
const expiryText = z.string({ error: 'Expiry must be a date' }).transform((value, ctx) => {
  const text = value.trim();
  if (!text) return null;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const date = new Date(dateOnly ? `${text}T23:59:59.999Z` : text);
  if (Number.isNaN(date.getTime()) || (dateOnly && !date.toISOString().startsWith(text))) {
    ctx.addIssue({ code: 'custom', message: 'Expiry must be a valid date (YYYY-MM-DD)' });
    return z.NEVER;
  }
  return date;
});
export const expirySchema = expiryText.nullable();

/** PUT /api/admin/users/{id}: the fields to change (absent ones stay). */
export const AdminUserUpdateSchema = z.object({
  subscriptionStatus: tierSchema.optional(),
  subscriptionExpiry: expirySchema.optional(),
  role: roleSchema.optional(),
  firstName: optionalName('First name').optional(),
  lastName: optionalName('Last name').optional(),
});
export type AdminUserUpdate = z.infer<typeof AdminUserUpdateSchema>;

/** The Users tab's per-row plan selector. */
export const SetTierFormSchema = z.object({
  userId: z.string({ error: 'User is required' }).min(1, 'User is required'),
  subscriptionStatus: tierSchema,
  /** Sent by the confirmation only: without it the confirmation is shown first. */
  confirmed: z
    .literal('yes')
    .optional()
    .transform((value) => value === 'yes'),
});

/**
 * The Edit dialog. The form sends every field; conform turns an empty one into undefined, which the
 * action reads as "clear it" (no name, no expiry).
 */
export const EditUserFormSchema = z.object({
  userId: z.string({ error: 'User is required' }).min(1, 'User is required'),
  firstName: nameField('First name').optional(),
  lastName: nameField('Last name').optional(),
  role: roleSchema,
  subscriptionExpiry: expiryText.optional(),
});
export type EditUserFormInput = z.input<typeof EditUserFormSchema>;

const requiredName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .pipe(nameField(label));

/** Create-admin payload (spec section 3): all four fields required, e-mail e-mail-shaped. */
export const CreateAdminSchema = RegisterSchema.pick({ email: true, password: true }).extend({
  firstName: requiredName('First name'),
  lastName: requiredName('Last name'),
});
export type CreateAdminInput = z.infer<typeof CreateAdminSchema>;
/** The admin page's Create Admin: no password (the invitee chooses it from an e-mailed link). */
export const InviteAdminSchema = CreateAdminSchema.omit({ password: true });
