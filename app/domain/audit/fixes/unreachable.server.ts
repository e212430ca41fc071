import type { BusinessFacts } from '../checks.server';
import { UNREACHABLE_ADDRESS_CODE, type Fix, type Unreachable } from '../signals';

/**
 * The one fix for a site we could not reach: what stops every check. A host we refused or could
 * not resolve gets one fix, whichever it was (see describeUnreachable): check the address.
 */
export function unreachableFix(
  problem: Unreachable,
  business: Pick<BusinessFacts, 'website'>,
): Fix {
  const edit =
    'Edit the business on your dashboard and enter the address your customers type, such as https://www.example.com.';
  switch (problem.code) {
    case UNREACHABLE_ADDRESS_CODE:
      return {
        signal: 'home_page',
        title: 'Check your website address',
        kind: 'steps',
        text: `We could not reach ${problem.host} from the internet, so neither can AI crawlers. Check its spelling: ${edit} If the address is right, ask whoever looks after your domain to point it at your public website.`,
      };
    case 'bad_url':
      return {
        signal: 'home_page',
        title: 'Correct your website address',
        kind: 'steps',
        text: `"${business.website}" cannot be checked: ${problem.reason}. ${edit}`,
      };
    case 'tls':
      return {
        signal: 'home_page',
        title: "Renew your site's security certificate",
        kind: 'steps',
        text: `${problem.host} answered, but its HTTPS certificate is not valid, so browsers warn visitors and AI crawlers turn away. Ask your web host to renew or install the certificate (most hosts do it for free).`,
      };
    default:
      return {
        signal: 'home_page',
        title: 'Make sure your website is online',
        kind: 'steps',
        text: `Open ${business.website} in a browser. If it does not load, ask your web host or web designer to fix it; until it loads, no assistant can read it. If the address is wrong, correct it on your dashboard.`,
      };
  }
}
