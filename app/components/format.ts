// How the admin panel writes names and values. Dates and times: useDates() (~/components/time-zone),
// in the viewer's time zone.

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
