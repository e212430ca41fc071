// The limits and choices the forms show in the browser (maxlength, character counters, select
// options). No zod here: the browser gets these numbers, while the schemas that enforce them stay
// on the server (and hand their constraints to the page through its loader).

export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/** Admin searches (users, businesses). */
export const SEARCH_MAX_LENGTH = 100;

export const BUSINESS_LIMITS = {
  name: 200,
  description: 2000,
  website: 2048,
  industry: 100,
  location: 200,
  phone: 40,
  address: 200,
  openingHours: 200,
  /** Other names of the business: at most this many, each at most nameVariant characters. */
  nameVariants: 10,
  nameVariant: 100,
} as const;

export const INQUIRY_TYPES = [
  'general',
  'diy',
  'white-glove',
  'enterprise',
  'partnership',
] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];

export const CONTACT_LIMITS = { name: 100, email: 254, company: 200, phone: 50, message: 5000 };

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/** The contact form's hidden trap field: people never fill it in, form-filling bots do. */
export const HONEYPOT_FIELD = 'fax';

/** Tracking: a tracked prompt (as a customer would type it) and a competitor's name. */
export const TRACKING_LIMITS = { prompt: 300, promptMin: 3, competitor: 100 } as const;
