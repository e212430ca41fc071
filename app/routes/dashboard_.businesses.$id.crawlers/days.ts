/** The ranges the crawler visits page offers, in days (read by the page and its loader). */
export { DAY_CHOICES } from '~/components/days-picker';
