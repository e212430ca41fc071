// How long until the next audit, in words: "23 hours 59 minutes", "1 hour", "1 minute".

/**
 * `seconds` as hours and minutes, rounded up to the next whole minute once (so the owner never
 * comes back a little too early), and only then split: 23 h 59 min 30 s is "24 hours", never
 * "23 hours 60 minutes". Anything under a minute, and anything at all, is at least "1 minute".
 */
export function formatWait(seconds: number): string {
  const totalMinutes = Math.max(1, Math.ceil(seconds / 60));
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  const minutesText = `${minutes} minute${minutes === 1 ? '' : 's'}`;
  if (hours === 0) return minutesText;
  return `${hours} hour${hours === 1 ? '' : 's'}${minutes ? ` ${minutesText}` : ''}`;
}
