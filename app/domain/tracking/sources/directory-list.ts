// The vendored list of the sites that list and review local businesses (directories and review
// sites), and the forums, social networks and news sites the assistants cite, by country and
// trade. Hand-kept: no package we may use carries such a list. Checked against each site's own
// pages on the date below; add a site here (with its countries and trades) rather than in code.
// An owner who disagrees with a kind corrects it for their business (SourceKindCorrection).

export const DIRECTORY_LIST_UPDATED = '2026-11-28';

/** The kinds of site a list entry can be (the business's own and competitors' come from records). */
export type ListedKind = 'directory' | 'social' | 'news' | 'forum';

/**
 * Trades as the list groups them; `any` fits every business. A business's trade is read from its
 * industry (tradeOf in kinds.ts).
 */
export type Trade = 'any' | 'home' | 'health' | 'legal' | 'food' | 'travel' | 'auto' | 'beauty';

export type ListEntry = {
  /** The registrable domain (reading/domains.ts siteOf), lower case. */
  domain: string;
  /** The site's name as owners know it. */
  name: string;
  kind: ListedKind;
  /** ISO 3166 country codes where it lists businesses; empty: everywhere. */
  countries: readonly string[];
  trades: readonly Trade[];
};

const everywhere: readonly string[] = [];
const US = ['US'];
const UK = ['GB'];

function entry(
  domain: string,
  name: string,
  kind: ListedKind,
  countries: readonly string[] = everywhere,
  trades: readonly Trade[] = ['any'],
): ListEntry {
  return { domain, name, kind, countries, trades };
}

export const DIRECTORY_LIST: readonly ListEntry[] = [
  // Directories and review sites for every trade.
  entry('yelp.com', 'Yelp', 'directory', ['US', 'CA', 'GB', 'AU', 'IE', 'NZ']),
  entry('yelp.co.uk', 'Yelp', 'directory', UK),
  entry('yelp.ca', 'Yelp', 'directory', ['CA']),
  entry('yelp.com.au', 'Yelp', 'directory', ['AU']),
  entry('google.com', 'Google Maps', 'directory'),
  entry('goo.gl', 'Google Maps', 'directory'),
  entry('bing.com', 'Bing Places', 'directory'),
  entry('apple.com', 'Apple Maps', 'directory'),
  entry('bbb.org', 'Better Business Bureau', 'directory', ['US', 'CA']),
  entry('yellowpages.com', 'Yellow Pages', 'directory', US),
  entry('yellowpages.ca', 'Yellow Pages', 'directory', ['CA']),
  entry('yellowpages.com.au', 'Yellow Pages', 'directory', ['AU']),
  entry('yell.com', 'Yell', 'directory', UK),
  entry('thomsonlocal.com', 'Thomson Local', 'directory', UK),
  entry('freeindex.co.uk', 'FreeIndex', 'directory', UK),
  entry('scoot.co.uk', 'Scoot', 'directory', UK),
  entry('cylex-uk.co.uk', 'Cylex', 'directory', UK),
  entry('manta.com', 'Manta', 'directory', US),
  entry('superpages.com', 'Superpages', 'directory', US),
  entry('mapquest.com', 'MapQuest', 'directory', US),
  entry('foursquare.com', 'Foursquare', 'directory'),
  entry('chamberofcommerce.com', 'Chamber of Commerce', 'directory', US),
  entry('trustpilot.com', 'Trustpilot', 'directory'),
  entry('nextdoor.com', 'Nextdoor', 'directory', ['US', 'GB', 'CA', 'AU']),
  entry('nextdoor.co.uk', 'Nextdoor', 'directory', UK),
  entry('expertise.com', 'Expertise.com', 'directory', US),
  entry('threebestrated.com', 'Three Best Rated', 'directory', US),
  entry('threebestrated.co.uk', 'Three Best Rated', 'directory', UK),
  entry('bark.com', 'Bark', 'directory', ['GB', 'US', 'CA', 'AU', 'IE']),
  entry('thumbtack.com', 'Thumbtack', 'directory', US),
  entry('hotfrog.com', 'Hotfrog', 'directory'),
  entry('birdeye.com', 'Birdeye', 'directory', US),
  entry('truelocal.com.au', 'True Local', 'directory', ['AU']),
  entry('hipages.com.au', 'hipages', 'directory', ['AU'], ['home']),
  entry('productreview.com.au', 'ProductReview', 'directory', ['AU']),
  entry('nocowboys.co.nz', 'NoCowboys', 'directory', ['NZ'], ['home']),
  entry('homestars.com', 'HomeStars', 'directory', ['CA'], ['home']),
  // Home services.
  entry('angi.com', 'Angi', 'directory', US, ['home']),
  entry('angieslist.com', 'Angi', 'directory', US, ['home']),
  entry('homeadvisor.com', 'HomeAdvisor', 'directory', US, ['home']),
  entry('houzz.com', 'Houzz', 'directory', ['US', 'GB', 'AU', 'CA'], ['home']),
  entry('houzz.co.uk', 'Houzz', 'directory', UK, ['home']),
  entry('porch.com', 'Porch', 'directory', US, ['home']),
  entry('networx.com', 'Networx', 'directory', US, ['home']),
  entry('checkatrade.com', 'Checkatrade', 'directory', UK, ['home']),
  entry('trustatrader.com', 'TrustATrader', 'directory', UK, ['home']),
  entry('mybuilder.com', 'MyBuilder', 'directory', UK, ['home']),
  entry('ratedpeople.com', 'Rated People', 'directory', UK, ['home']),
  entry('which.co.uk', 'Which? Trusted Traders', 'directory', UK, ['home']),
  entry('trustmark.org.uk', 'TrustMark', 'directory', UK, ['home']),
  entry('gassaferegister.co.uk', 'Gas Safe Register', 'directory', UK, ['home']),
  // Health.
  entry('healthgrades.com', 'Healthgrades', 'directory', US, ['health']),
  entry('zocdoc.com', 'Zocdoc', 'directory', US, ['health']),
  entry('vitals.com', 'Vitals', 'directory', US, ['health']),
  entry('webmd.com', 'WebMD Care', 'directory', US, ['health']),
  entry('ratemds.com', 'RateMDs', 'directory', ['US', 'CA'], ['health']),
  entry('nhs.uk', 'NHS', 'directory', UK, ['health']),
  entry('doctify.com', 'Doctify', 'directory', UK, ['health']),
  entry('iwantgreatcare.org', 'iWantGreatCare', 'directory', UK, ['health']),
  entry('healthengine.com.au', 'HealthEngine', 'directory', ['AU'], ['health']),
  // Legal.
  entry('avvo.com', 'Avvo', 'directory', US, ['legal']),
  entry('justia.com', 'Justia', 'directory', US, ['legal']),
  entry('findlaw.com', 'FindLaw', 'directory', US, ['legal']),
  entry('lawyers.com', 'Lawyers.com', 'directory', US, ['legal']),
  entry('martindale.com', 'Martindale-Hubbell', 'directory', US, ['legal']),
  entry('superlawyers.com', 'Super Lawyers', 'directory', US, ['legal']),
  entry('reviewsolicitors.co.uk', 'ReviewSolicitors', 'directory', UK, ['legal']),
  entry('lawsociety.org.uk', 'The Law Society', 'directory', UK, ['legal']),
  // Food and drink.
  entry('opentable.com', 'OpenTable', 'directory', everywhere, ['food']),
  entry('opentable.co.uk', 'OpenTable', 'directory', UK, ['food']),
  entry('tripadvisor.com', 'Tripadvisor', 'directory', everywhere, ['food', 'travel']),
  entry('tripadvisor.co.uk', 'Tripadvisor', 'directory', UK, ['food', 'travel']),
  entry('tripadvisor.ca', 'Tripadvisor', 'directory', ['CA'], ['food', 'travel']),
  entry('tripadvisor.com.au', 'Tripadvisor', 'directory', ['AU'], ['food', 'travel']),
  entry('zomato.com', 'Zomato', 'directory', everywhere, ['food']),
  entry('thefork.com', 'TheFork', 'directory', everywhere, ['food']),
  entry('resy.com', 'Resy', 'directory', US, ['food']),
  entry('doordash.com', 'DoorDash', 'directory', US, ['food']),
  entry('ubereats.com', 'Uber Eats', 'directory', everywhere, ['food']),
  entry('just-eat.co.uk', 'Just Eat', 'directory', UK, ['food']),
  entry('deliveroo.co.uk', 'Deliveroo', 'directory', UK, ['food']),
  entry('squaremeal.co.uk', 'SquareMeal', 'directory', UK, ['food']),
  entry('timeout.com', 'Time Out', 'news', everywhere, ['food', 'travel']),
  entry('eater.com', 'Eater', 'news', US, ['food']),
  entry('michelin.com', 'Michelin Guide', 'directory', everywhere, ['food']),
  // Travel and stays.
  entry('booking.com', 'Booking.com', 'directory', everywhere, ['travel']),
  entry('expedia.com', 'Expedia', 'directory', everywhere, ['travel']),
  entry('hotels.com', 'Hotels.com', 'directory', everywhere, ['travel']),
  entry('airbnb.com', 'Airbnb', 'directory', everywhere, ['travel']),
  // Cars.
  entry('cars.com', 'Cars.com', 'directory', US, ['auto']),
  entry('repairpal.com', 'RepairPal', 'directory', US, ['auto']),
  entry('mechanicadvisor.com', 'Mechanic Advisor', 'directory', US, ['auto']),
  entry('whocanfixmycar.com', 'WhoCanFixMyCar', 'directory', UK, ['auto']),
  // Hair and beauty.
  entry('fresha.com', 'Fresha', 'directory', everywhere, ['beauty']),
  entry('treatwell.co.uk', 'Treatwell', 'directory', UK, ['beauty']),
  entry('booksy.com', 'Booksy', 'directory', everywhere, ['beauty']),
  entry('styleseat.com', 'StyleSeat', 'directory', US, ['beauty']),
  entry('vagaro.com', 'Vagaro', 'directory', US, ['beauty']),
  // Forums.
  entry('reddit.com', 'Reddit', 'forum'),
  entry('quora.com', 'Quora', 'forum'),
  entry('mumsnet.com', 'Mumsnet', 'forum', UK),
  entry('stackexchange.com', 'Stack Exchange', 'forum'),
  entry('city-data.com', 'City-Data', 'forum', US),
  entry('diynot.com', 'DIYnot', 'forum', UK, ['home']),
  // Social networks.
  entry('facebook.com', 'Facebook', 'social'),
  entry('instagram.com', 'Instagram', 'social'),
  entry('linkedin.com', 'LinkedIn', 'social'),
  entry('x.com', 'X', 'social'),
  entry('twitter.com', 'X', 'social'),
  entry('youtube.com', 'YouTube', 'social'),
  entry('tiktok.com', 'TikTok', 'social'),
  entry('pinterest.com', 'Pinterest', 'social'),
  entry('threads.net', 'Threads', 'social'),
  entry('medium.com', 'Medium', 'social'),
  // News (national and local; local papers are also recognised by their names, see kinds.ts).
  entry('patch.com', 'Patch', 'news', US),
  entry('nytimes.com', 'The New York Times', 'news', US),
  entry('usatoday.com', 'USA Today', 'news', US),
  entry('forbes.com', 'Forbes', 'news'),
  entry('businessinsider.com', 'Business Insider', 'news'),
  entry('bbc.co.uk', 'BBC', 'news', UK),
  entry('bbc.com', 'BBC', 'news'),
  entry('theguardian.com', 'The Guardian', 'news'),
  entry('independent.co.uk', 'The Independent', 'news', UK),
  entry('telegraph.co.uk', 'The Telegraph', 'news', UK),
  entry('manchestereveningnews.co.uk', 'Manchester Evening News', 'news', UK),
  entry('yorkshireeveningpost.co.uk', 'Yorkshire Evening Post', 'news', UK),
  entry('abc.net.au', 'ABC', 'news', ['AU']),
  entry('cbc.ca', 'CBC', 'news', ['CA']),
];
