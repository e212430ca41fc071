// One side of `npm run bench:admin`: serves the production build in-process against DATABASE_URL
// and prints, as JSON, the median server time of each admin tab and API call (request handled and
// the whole HTML or JSON body produced). Started by scripts/bench-admin.ts, once per database.
import { performance } from 'node:perf_hooks';
import { createCookie, createRequestHandler } from 'react-router';

const [token, pathsJson, runsArg] = process.argv.slice(2);
const paths = JSON.parse(pathsJson);
const runs = Number(runsArg);

const build = await import(new URL('../../build/server/index.js', import.meta.url).href);
const handler = createRequestHandler(build, 'production');
const cookie = (
  await createCookie('__session', { secrets: [process.env.SESSION_SECRET] }).serialize(token)
).split(';')[0];

const get = (path) =>
  handler(
    new Request(`http://localhost${path}`, { headers: { Cookie: cookie, Accept: 'text/html' } }),
  );

/**
 * One request's time to the page it shows. A page past the last one (`?page=1000` on the empty
 * database) redirects to the last page, as a browser would follow it: the redirect and the page
 * it leads to are timed together.
 */
async function once(path) {
  const started = performance.now();
  let response = await get(path);
  const location = response.headers.get('Location');
  if ([301, 302, 303, 307, 308].includes(response.status) && location?.startsWith('/')) {
    await response.text();
    response = await get(location);
  }
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${body.slice(0, 200)}`);
  return ms;
}

const results = {};
for (const path of paths) {
  for (let i = 0; i < 3; i += 1) await once(path); // warm-up
  const times = [];
  for (let i = 0; i < runs; i += 1) times.push(await once(path));
  times.sort((a, b) => a - b);
  results[path] = times[Math.floor(times.length / 2)];
}
console.log(JSON.stringify(results));
process.exit(0);
