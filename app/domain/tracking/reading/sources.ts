// Review sites, directories, rankings and maps: named in answers as places to look ("check
// reviews on Yelp", "listed on TheFork", "Eater Chicago's essential list"), not as businesses.
// The same brand can be an option in another answer (OpenTable among reservation systems): the
// reader keeps it when it leads an entry of a list whose other entries are businesses (roles.ts).

import { normalizeName } from './names';

/** Names as normalizeName writes them. */
export const SOURCE_NAMES = new Set(
  [
    'Yelp',
    'Google',
    'Google Maps',
    'Google reviews',
    'Google Business Profile',
    'Googleマップ',
    'Apple Maps',
    'Bing',
    'TripAdvisor',
    'TheFork',
    'OpenTable',
    'Resy',
    'HomeStars',
    'ProductReview',
    'ProductReview.com.au',
    'ReviewSolicitors',
    'PitchBook',
    'Crunchbase',
    'G2',
    'Capterra',
    'Trustpilot',
    'Checkatrade',
    'Rated People',
    'Yell',
    'MyBuilder',
    'TrustATrader',
    'Which?',
    'Which? Trusted Traders',
    'Bark',
    'Angi',
    "Angie's List",
    'HomeAdvisor',
    'Thumbtack',
    'Nextdoor',
    'Houzz',
    'Zomato',
    'EazyDiner',
    'Swiggy',
    'Healthgrades',
    'Zocdoc',
    'Psychology Today',
    'Zencare',
    'Clutch',
    'The Drum',
    'Hitched',
    'Bridebook',
    'The Knot',
    'WeddingWire',
    'Michelin',
    'Michelin Guide',
    'Eater',
    'The Infatuation',
    'Time Out',
    'Avvo',
    'Justia',
    'Martindale',
    'Legal 500',
    'Chambers',
    'BBB',
    'Better Business Bureau',
    'Glassdoor',
    'Indeed',
    'LinkedIn',
    'Wikipedia',
    'YouTube',
    'TikTok',
    'Facebook',
    'Instagram',
    'Reddit',
    'Quora',
    'X',
    'Twitter',
    '食べログ',
    'Tabelog',
    'Foursquare',
    'Yellow Pages',
    'YellowPages',
    'Hotfrog',
    'Expertise.com',
    'Three Best Rated',
    'Forbes Advisor',
    'NerdWallet',
    'Consumer Reports',
    'blogTO',
    'Mumsnet',
    'Gumtree',
    'Craigslist',
    'Doctify',
    'NHS website',
  ].map(normalizeName),
);

/** Words a source's name may be followed by: "Eater Chicago", "Time Out London", "Yelp reviews". */
const SOURCE_TAILS = new Set(['reviews', 'review', 'listings', 'listing', 'guide', 'rankings']);

/** Whether `name` is a review site, directory, ranking or map (give or take a city or a TLD). */
export function isSource(name: string): boolean {
  // "Xero Advisor Directory", "Legal 500 Rankings": a directory by its own word.
  if (/\b(?:directory|register|rankings?|awards)$/i.test(name.trim())) return true;
  const key = normalizeName(name.replace(/\.(?:com|co|net|org|io)(?:\.[a-z]{2})?$/i, ''));
  if (!key) return false;
  if (SOURCE_NAMES.has(key)) return true;
  const words = key.split(' ');
  for (let size = Math.min(3, words.length - 1); size >= 1; size--) {
    if (!SOURCE_NAMES.has(words.slice(0, size).join(' '))) continue;
    const rest = words.slice(size);
    // "Eater Portland", "Time Out London", "Yelp reviews": the source and a city or a word.
    if (
      rest.length <= 2 &&
      (rest.every((word) => SOURCE_TAILS.has(word)) || /^\p{L}/u.test(rest[0]!))
    )
      return (
        size > 1 || !['google', 'x'].includes(words[0]!) || rest.every((w) => SOURCE_TAILS.has(w))
      );
  }
  return false;
}
