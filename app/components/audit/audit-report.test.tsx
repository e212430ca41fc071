import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SignalResult } from '~/domain/audit/signals';
import { FixList, ScoreExplainer, SignalList } from './audit-report';

// The report as an owner reads it: a stored audit keeps the labels and weights of its version.

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

const signal = (id: SignalResult['id'], status: SignalResult['status']): SignalResult => ({
  id,
  status,
  evidence: {},
  reason: `${id} reason`,
});

describe('the report of a stored audit', () => {
  it('an audit of version 1 shows its own labels, weights and a note that the checks changed', () => {
    const signals = text(
      renderToStaticMarkup(<SignalList signals={[signal('robots_meta', 'warn')]} version={1} />),
    );
    expect(signals).toContain('No "noindex" or "noai" on the page');
    const explainer = text(renderToStaticMarkup(<ScoreExplainer version={1} />));
    expect(explainer).toContain('AI search and answer crawlers 15');
    expect(explainer).toContain('llms.txt 2');
    expect(explainer).not.toContain('AI crawlers get your page, not a block');
    expect(explainer).toContain('This audit ran with an earlier set of checks');
  });

  it('a current audit explains each weight, llms.txt lightest', () => {
    const signals = text(
      renderToStaticMarkup(<SignalList signals={[signal('robots_meta', 'fail')]} />),
    );
    expect(signals).toContain('Page directives let AI quote you');
    const explainer = text(renderToStaticMarkup(<ScoreExplainer />));
    expect(explainer).toContain('Why it weighs this much');
    expect(explainer).toContain(
      'AI crawlers get your page, not a block 12 A block by your host, CDN or firewall shuts assistants out whatever robots.txt says.',
    );
    expect(explainer).toContain('llms.txt 1 Few AI crawlers ask for it yet, so it counts little.');
    expect(explainer).not.toContain('earlier set of checks');
  });

  it('marks optional fixes as such', () => {
    const html = text(
      renderToStaticMarkup(
        <FixList
          fixes={[
            { signal: 'https', title: 'Give your site a secure address', text: 'x', kind: 'steps' },
            {
              signal: 'llms_txt',
              title: 'Give AI assistants a short guide to your site',
              text: '# x',
              kind: 'code',
              optional: true,
            },
          ]}
        />,
      ),
    );
    expect(html).toMatch(
      /Give your site a secure address .*Optional Give AI assistants a short guide to your site/,
    );
    expect(html.match(/Optional/g)).toHaveLength(1);
  });

  it('says "Optional" once on a fix whose title or advice also says it (issue 44)', () => {
    const card = (fix: Parameters<typeof FixList>[0]['fixes'][number]) =>
      text(renderToStaticMarkup(<FixList fixes={[fix]} />));
    const training = card({
      signal: 'training_bots',
      title: 'Optional: let AI models learn about you (robots.txt)',
      text: 'User-agent: *',
      help: 'Only if you want future AI models to know your business too.',
      optional: true,
    });
    expect(training.match(/Optional/g)).toHaveLength(1);
    expect(training).toContain('Optional Let AI models learn about you (robots.txt)');
    const llms = card({
      signal: 'llms_txt',
      title: 'Add an llms.txt',
      text: '# x',
      help: 'Save this as a plain text file. Optional: few AI crawlers ask for it yet.',
      optional: true,
    });
    expect(llms.match(/Optional/g)).toHaveLength(1);
    expect(llms).toContain('Save this as a plain text file. Few AI crawlers ask for it yet.');
    // A fix that is not optional keeps its words as they are.
    expect(
      card({ signal: 'https', title: 'Optional: x', text: 'x', help: 'Optional: y' }).match(
        /Optional/g,
      ),
    ).toHaveLength(2);
  });
});

describe('robots.txt evidence (issue 44)', () => {
  it('shows the file with its line breaks and numbers, so "line 5" can be found', () => {
    const lines = ['User-agent: *', 'Allow: /', '', 'User-agent: PerplexityBot', 'Disallow: /'];
    const html = renderToStaticMarkup(
      <SignalList
        signals={[
          {
            id: 'answer_bots',
            status: 'fail',
            evidence: {
              url: 'https://example.com/robots.txt',
              items: [
                {
                  label: 'PerplexityBot',
                  ok: false,
                  note: 'blocked by line 5 in its own group: Disallow: /',
                },
              ],
              lines,
            },
            reason: 'PerplexityBot is blocked.',
          },
        ]}
      />,
    );
    // One list item per line, numbered from 1, in a focusable, labelled region.
    const list = /<ol[^>]*data-testid="robots-lines"[^>]*>([\s\S]*?)<\/ol>/.exec(html)![1]!;
    const rows = [...list.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) => text(m[1]!).trim());
    expect(rows).toEqual([
      '1 User-agent: *',
      '2 Allow: /',
      '3',
      '4 User-agent: PerplexityBot',
      '5 Disallow: /',
    ]);
    expect(html).toMatch(
      /role="region"[^>]*aria-label="[^"]*robots\.txt, numbered"[^>]*tabindex="0"/,
    );
    expect(text(html)).toContain('blocked by line 5 in its own group: Disallow: /');
  });
});

describe('code boxes are for code (issue 44, item 7)', () => {
  /** The fixes' texts shown in a code box (a <pre>). */
  const codeBoxes = (html: string) =>
    [...html.matchAll(/<pre[^>]*>([\s\S]*?)<\/pre>/g)].map((match) =>
      match[1]!
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"'),
    );

  it('plain advice reads as text, never in a code box; code is in one', () => {
    const html = renderToStaticMarkup(
      <FixList
        fixes={[
          {
            signal: 'edge_access',
            title: "Stop your hosting's security settings from turning AI assistants away",
            kind: 'steps',
            text: 'example.com turns away PerplexityBot. Look in:\n- Cloudflare: Security\n- Other CDNs: the firewall rules',
            help: 'Send this to whoever runs your hosting.',
          },
          {
            signal: 'canonical',
            title: 'Name your home page as its own preferred address',
            kind: 'code',
            text: '<link rel="canonical" href="https://example.com/">',
            help: "This is a canonical link. Put it in your home page's <head>.",
          },
        ]}
      />,
    );
    expect(codeBoxes(html)).toEqual(['<link rel="canonical" href="https://example.com/">']);
    // The advice is there as paragraphs and a list.
    expect(html).toContain('<p>example.com turns away PerplexityBot. Look in:</p>');
    expect(html).toContain('<li>Cloudflare: Security</li>');
    expect(html).toMatch(/data-kind="steps"/);
  });

  it('an audit stored before fixes had a kind: advice stays out of the code box', () => {
    const html = renderToStaticMarkup(
      <FixList
        fixes={[
          { signal: 'https', title: 'Switch your site to https://', text: 'Ask your web host.' },
          { signal: 'lang', title: 'Say which language your page is in', text: '<html lang="en">' },
        ]}
      />,
    );
    expect(codeBoxes(html)).toEqual(['<html lang="en">']);
    expect(html).toContain('<p>Ask your web host.</p>');
  });
});
