import { describe, expect, it } from 'vitest';
import { businessEntity, jsonLdEntities, jsonLdText, readPage } from './page.server';

const html = `<!doctype html>
<html lang="en-GB">
<head>
  <title>
    Harbor   View Dental
  </title>
  <meta name="description" content="Gentle dentistry &amp; care">
  <meta name="ROBOTS" content="max-snippet:50">
  <meta name="GPTBot" content="noindex">
  <link rel="alternate canonical" href="/home">
  <style>.x { color: red }</style>
  <script type="application/ld+json">{"@type": ["https://schema.org/Dentist"], "name": "Harbor View"}</script>
  <script type="application/ld+json; charset=utf-8">{ broken </script>
  <script>window.app = "Hidden script words"</script>
</head>
<body>
  <h1>Harbor <b>View</b></h1>
  <div hidden>Secret hidden words</div>
  <template><p>Template words</p></template>
  <p>Seen</p><p>words</p>
  <noscript>Enable JavaScript</noscript>
  <h1>Second</h1>
</body>
</html>`;

describe('readPage', () => {
  const page = readPage(html);

  it('reads the head: title (whitespace collapsed), description (entities decoded), lang, canonical', () => {
    expect(page.title).toBe('Harbor View Dental');
    expect(page.description).toBe('Gentle dentistry & care');
    expect(page.lang).toBe('en-GB');
    expect(page.canonical).toBe('/home');
  });

  it('collects robots meta tags for any crawler name, case-insensitively', () => {
    expect(page.robotsMeta.map((meta) => [meta.name, meta.content])).toEqual([
      ['robots', 'max-snippet:50'],
      ['gptbot', 'noindex'],
    ]);
  });

  it('lists every h1 with its text', () => {
    expect(page.h1s).toEqual(['Harbor View', 'Second']);
  });

  it('counts only text a reader sees: no scripts, styles, templates, noscript or hidden elements', () => {
    expect(page.text).toBe('Harbor View Seen words Second');
    expect(page.wordCount).toBe(5);
    expect(page.scriptCount).toBe(1);
  });

  it('parses JSON-LD blocks (type parameters allowed) and keeps the broken ones with the error', () => {
    expect(page.jsonLd).toHaveLength(2);
    expect(page.jsonLd[0]).toMatchObject({ ok: true });
    expect(page.jsonLd[1]).toMatchObject({ ok: false, source: '{ broken' });
    const entity = businessEntity(jsonLdEntities(page.jsonLd));
    expect(entity?.types).toEqual(['Dentist']);
    expect(entity?.name).toBe('Harbor View');
  });

  it('finds the business in @graph and nested values, and prefers a LocalBusiness to an Organization', () => {
    const entities = jsonLdEntities([
      {
        ok: true,
        source: '',
        value: {
          '@graph': [
            { '@type': 'Organization', name: 'Parent Co' },
            { '@type': 'WebPage', about: { '@type': 'schema:Plumber', name: 'Pipe Pros' } },
          ],
        },
      },
    ]);
    expect(businessEntity(entities)?.name).toBe('Pipe Pros');
  });

  it('reads addresses and names as text', () => {
    expect(
      jsonLdText({
        '@type': 'PostalAddress',
        streetAddress: '1 Main St',
        addressLocality: 'Austin',
        addressRegion: 'TX',
      }),
    ).toBe('1 Main St, Austin, TX');
    expect(jsonLdText([{ name: 'A' }, 'B'])).toBe('A, B');
  });
});
