// How the admin panel writes dates and names. Always UTC, so the server and the browser render the
// same text (no hydration mismatch) whatever the admin's time zone.

const dateTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

export function formatDateTime(iso: string): string {
  return `${dateTime.format(new Date(iso))} UTC`;
}

export function formatDate(iso: string): string {
  return date.format(new Date(iso));
}

/** `2027-01-31` for a date input. */
export function dateInputValue(iso: string | null): string {
  return iso ? iso.slice(0, 10) : '';
}

export function fullName(user: { firstName: string | null; lastName: string | null }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}

/** premium_gpt → PREMIUM GPT */
export function formatAccessType(value: string): string {
  return value.replaceAll('_', ' ').toUpperCase();
}
