import { renderToStaticMarkup } from 'react-dom/server';
import { SITE_NAME } from '~/content/pages';
import type { Mail } from '~/lib/mail.server';
import { greeting, Layout } from './messages.server';

// The alert that goes out the first time an assistant gives a business a wrong phone number or
// address, or says it is closed (once per fact and value, app/domain/tracking/facts/alerts.server.ts):
// what was said, by which assistant, the sentence, the owner's own value, and where to correct
// it. The weekly digest's one-click unsubscribe turns these off too (List-Unsubscribe headers).

export type FactAlertContent = {
  to: string;
  firstName: string | null;
  origin: string;
  business: { id: string; name: string };
  /** "phone number", "address", "open or closed". */
  fact: string;
  said: string;
  yours: string;
  engine: string;
  quote: string;
  unsubscribeUrl: string;
};

export function factAlertMail(content: FactAlertContent): Mail {
  const { origin, business } = content;
  const page = `${origin}/dashboard/businesses/${encodeURIComponent(business.id)}/visibility#facts-title`;
  const subject = `${content.engine} gave ${business.name} a wrong ${content.fact}`;
  const said = `${content.engine} told a customer: “${content.said}”. Yours: ${content.yours}.`;
  const fix =
    'Correct it where the assistants read it: your Google Business Profile, the JSON-LD on your own site, and the directory pages the answer cited (listed on the page below).';
  const footer = `You get one alert per wrong value, with your weekly digest. Unsubscribe from both with one click:\n${content.unsubscribeUrl}`;
  const text = [
    greeting(content.firstName),
    said,
    `The sentence:\n> ${content.quote}`,
    fix,
    `Every fact the assistants state about ${business.name}:\n${page}`,
    footer,
    `— ${SITE_NAME}\n${origin}`,
  ].join('\n\n');
  const html =
    '<!DOCTYPE html>' +
    renderToStaticMarkup(
      <Layout title={subject} origin={origin}>
        <p>{greeting(content.firstName)}</p>
        <p>{said}</p>
        <blockquote style={{ margin: 0, padding: '4px 12px', borderLeft: '3px solid #cbd5e1' }}>
          {content.quote}
        </blockquote>
        <p>{fix}</p>
        <p>
          <a href={page}>See every fact the assistants state about {business.name}</a>
        </p>
        <p style={{ fontSize: 13, color: '#475569' }}>
          You get one alert per wrong value, with your weekly digest.{' '}
          <a href={content.unsubscribeUrl}>Unsubscribe from both with one click</a>.
        </p>
      </Layout>,
    );
  return {
    kind: 'tracking-fact-alert',
    to: content.to,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${content.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
