/** The ranges the crawler visits page offers, in days (read by the page and its loader). */
export const DAY_CHOICES = [7, 30, 90] as const;
