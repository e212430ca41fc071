import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mergeDefaults, NameCorrections } from './name-corrections';

// The merge form ("Two spellings of one business?") never starts with the same name in both
// lists, which would merge nothing (issue 44, item 10).

async function render(competitors: { name: string; known: boolean }[]) {
  const data = {
    business: { id: 'b1' },
    corrections: { hiding: null, items: [] },
    visibility: { competitors },
  };
  const handler = createStaticHandler([
    { id: 'page', path: '/', loader: () => data, Component: NameCorrections },
  ]);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error('unexpected response');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} />);
}

/** The option each select starts on, as the browser shows it. */
function chosen(html: string, name: string) {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(
    html,
  )![1]!;
  // None marked: the browser shows the first.
  return (
    /<option[^>]*selected=""[^>]*>([^<]*)</.exec(select)?.[1] ??
    /<option[^>]*>([^<]*)</.exec(select)?.[1]
  );
}

describe('the merge form', () => {
  it('starts the second list on a different name than the first', async () => {
    const html = await render([
      { name: 'Okafor Plumbing Co', known: false },
      { name: 'Okafor Plumbing', known: false },
      { name: 'Rival Pipes', known: true },
    ]);
    expect(chosen(html, 'name')).toBe('Okafor Plumbing Co');
    expect(chosen(html, 'into')).toBe('Okafor Plumbing');
  });

  it('keeps the two apart when the first mergeable name is not the first name', () => {
    expect(mergeDefaults(['Rival Pipes', 'Rival Pipe'], ['Rival Pipe'])).toEqual({
      name: 'Rival Pipe',
      into: 'Rival Pipes',
    });
    expect(mergeDefaults(['A', 'B'], ['A', 'B'])).toEqual({ name: 'A', into: 'B' });
  });
});
