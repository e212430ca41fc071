// When an audit ran, as the report and its history show it.

const dateTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
export const formatWhen = (iso: string) => `${dateTime.format(new Date(iso))} UTC`;
