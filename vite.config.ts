import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';

/**
 * The browser's bundles leave out the license banners of React, React Router and the rest (a few KB of
 * every page's JavaScript); the banners are collected into one file served beside the bundles,
 * /assets/third-party-licenses.txt, as the licenses ask.
 */
function collectLicenses(): Plugin {
  const banners = new Set<string>();
  return {
    name: 'collect-licenses',
    apply: 'build',
    renderChunk(code) {
      for (const match of code.matchAll(/\/\*[*!][^*]*\*+(?:[^/*][^*]*\*+)*\//g)) {
        if (/@license|@preserve|^\/\*!/.test(match[0])) banners.add(match[0]);
      }
      return null;
    },
    generateBundle() {
      if (!banners.size) return;
      this.emitFile({
        type: 'asset',
        fileName: 'assets/third-party-licenses.txt',
        source: [...banners].join('\n\n') + '\n',
      });
    },
  };
}

/** Modules the root route imports that route modules share too (else they become tiny chunks). */
const ROOT_MODULES =
  /\/app\/(components\/(ui\/styles|ui\/icons|time-zone|toaster|toast-message|document|nonce)|domain\/(users|dates))\.tsx?$/;

export default defineConfig(({ isSsrBuild }) => ({
  esbuild: isSsrBuild ? {} : { legalComments: 'none' },
  plugins: [collectLicenses(), tailwindcss(), reactRouter(), tsconfigPaths()],
  build: {
    // The generated Prisma client and better-sqlite3 stay server-side.
    target: 'es2022',
    // Every page loads React, React DOM and React Router: in one file they compress better together
    // (shared words) and cost one request instead of four.
    rollupOptions: isSsrBuild
      ? {}
      : {
          output: {
            manualChunks(id: string) {
              if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) {
                return 'framework';
              }
              // So do the app's modules that the root itself needs on every scripted page (issue 35:
              // one file compresses better than six small ones).
              if (ROOT_MODULES.test(id)) return 'framework';
              return undefined;
            },
          },
        },
  },
}));
