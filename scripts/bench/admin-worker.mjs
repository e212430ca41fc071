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

async function once(path) {
  const started = performance.now();
  const response = await handler(
    new Request(`http://localhost${path}`, { headers: { Cookie: cookie, Accept: 'text/html' } }),
  );
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
