import type { Config } from '@react-router/dev/config';

// Framework mode, server-rendered: the app lives in app/ and builds into build/server and
// build/client, which server/index.ts serves. Remix 2's v3_* future flags are React Router 7's
// defaults, so none is listed.
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config;
