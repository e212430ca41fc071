import js from '@eslint/js';
import globals from 'globals';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const DOMAIN_FORBIDS = ['http', 'routes', 'components'];
const DOMAIN_OPTIONS = {
  also: [
    '~/jobs/index.server',
    'react',
    'react-dom',
    'react-dom/*',
    'react-router',
    '@react-router/*',
  ],
  why: 'the domain knows no Request, Response or JSX: an HTTP adapter in app/http or a route calls it.',
  domain: true,
};

/**
 * The rooms of app/domain/tracking and the rooms each may import (record 25). A room not listed
 * may not be imported; tracking/owned.server.ts, below every room, may be imported by all.
 */
const TRACKING_ROOMS = {
  reading: [],
  corrections: ['reading'],
  figures: ['reading', 'corrections'],
  facts: ['reading', 'corrections', 'figures'],
  sources: ['reading', 'corrections', 'figures'],
  visits: ['figures'],
  rounds: ['reading', 'corrections', 'figures', 'facts', 'sources'],
  reports: ['reading', 'corrections', 'figures', 'facts', 'sources', 'visits', 'rounds'],
};

/** The rooms a file of `room` may not import, by `~/domain/tracking/…` or `../…`. */
function roomPatterns(room, below) {
  const above = Object.keys(TRACKING_ROOMS).filter(
    (other) => other !== room && !below.includes(other),
  );
  return [
    {
      regex: `^(~/domain/tracking/|\\.\\./)(${above.join('|')})(/|$)`,
      message: `Import direction: tracking/${room} may import ${below.length ? `only ${below.join(', ')}` : 'no other room'} (docs/decisions/0025-tracking-in-rooms.md).`,
      allowTypeImports: false,
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      'build/**',
      '.react-router/**',
      'app/generated/**',
      'app/domain/tracking/reading/data/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['tests/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  // Imports run one way: routes → http → domain → lib (docs/decisions/0010-import-direction.md).
  // Each zone below names the layers its files may not import; `import type` stays allowed where
  // a view only needs the shape of a domain value.
  layer('app/lib/**', ['domain', 'http', 'routes', 'components', 'mail', 'content', 'schemas'], {
    also: ['~/jobs/index.server'],
    why: 'lib/ is infrastructure: the domain builds on it, never the other way round.',
  }),
  layer('app/jobs/**', ['domain', 'http', 'routes', 'components', 'mail'], {
    ignores: ['app/jobs/index.server.ts'],
    why: 'the job engine is infrastructure; only jobs/index.server.ts wires domain handlers onto it.',
  }),
  layer('app/domain/**', DOMAIN_FORBIDS, DOMAIN_OPTIONS),
  // Tracking is a house of rooms (docs/decisions/0025-tracking-in-rooms.md): each room imports only
  // the rooms below it. The zones repeat the domain's rules, since a later zone replaces them.
  ...Object.entries(TRACKING_ROOMS).map(([room, below]) =>
    layer(`app/domain/tracking/${room}/**`, DOMAIN_FORBIDS, {
      ...DOMAIN_OPTIONS,
      patterns: roomPatterns(room, below),
    }),
  ),
  layer('app/domain/agents/**', DOMAIN_FORBIDS, {
    ...DOMAIN_OPTIONS,
    patterns: [
      {
        regex: '^(~/domain/|\\.\\./)(audit|tracking)(/|$)',
        message:
          'Import direction: agents/ is the one list of AI agents, below the audit and tracking that use it.',
        allowTypeImports: false,
      },
    ],
  }),
  layer('app/mail/**', ['http', 'routes', 'components'], {
    also: ['react-router', '@react-router/*'],
    why: 'e-mail templates are rendered by the domain, outside any request.',
  }),
  layer('app/http/**', ['routes', 'components'], {
    why: 'the HTTP layer serves routes; it does not import them.',
  }),
  layer('app/{content,schemas}/**', ['http', 'routes', 'components', 'lib', 'jobs', 'mail'], {
    why: 'content and schemas are pure data shared by the server and the browser.',
  }),
  layer('app/components/**', ['routes', 'http', 'lib', 'jobs', 'mail'], {
    serverValues: true,
    why: 'components are shared by pages and run in the browser: no server modules.',
  }),
  // Every module a reader can hold (issue 42): at most 500 lines under app/, 400 for a route. A
  // module may go over only when its first comment says why, as an eslint-disable of max-lines
  // with a reason (`/* eslint-disable max-lines -- why */`). Tests and generated code aside.
  {
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/**/*.test.{ts,tsx}', 'app/generated/**', 'app/routes/**'],
    rules: { 'max-lines': ['error', { max: 500 }] },
  },
  {
    files: ['app/routes/**/*.{ts,tsx}'],
    ignores: ['app/**/*.test.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
);

/**
 * One zone of the import-direction rule: files matching `files` may not import the named layers of
 * app/ (by `~/layer/…` or a relative path), nor the extra specifiers in `also`.
 */
function layer(
  files,
  forbidden,
  { also = [], ignores = [], why, domain = false, serverValues = false, patterns: extra = [] },
) {
  const layers = forbidden.join('|');
  const patterns = [
    {
      regex: `^(~/|(\\.\\./)+)(${layers})(/|$)`,
      message: `Import direction: ${why}`,
      allowTypeImports: true,
    },
  ];
  if (also.length) patterns.push({ group: also, message: `Import direction: ${why}` });
  patterns.push(...extra);
  if (serverValues)
    patterns.push({
      regex: '\\.server$',
      message: `Import direction: ${why} (import type is fine)`,
      allowTypeImports: true,
    });
  const rules = { '@typescript-eslint/no-restricted-imports': ['error', { patterns }] };
  if (domain) {
    const message =
      'The domain takes and returns plain values; the HTTP side builds requests and responses.';
    rules['no-restricted-globals'] = [
      'error',
      ...['Request', 'Response', 'Headers', 'FormData'].map((name) => ({ name, message })),
    ];
    rules['no-restricted-syntax'] = [
      'error',
      {
        selector: 'JSXElement, JSXFragment',
        message: 'No JSX in the domain: views live in components/ and routes/.',
      },
      {
        selector: 'TSTypeReference > Identifier[name=/^(Request|Response|Headers|FormData)$/]',
        message,
      },
    ];
  }
  return { files: [files], ignores, rules };
}
