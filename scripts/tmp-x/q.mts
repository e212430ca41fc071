import Database from 'better-sqlite3';
const db = new Database('/tmp/searchx/big.db', { readonly: true });
const [, , sql, ...params] = process.argv;
const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params);
console.log(plan.map((r: any) => `${r.id}/${r.parent} ${r.detail}`).join('\n'));
const st = db.prepare(sql);
let res; const t = performance.now(); for (let i = 0; i < 10; i++) res = st.all(...params); console.log(((performance.now() - t) / 10).toFixed(2) + 'ms', JSON.stringify(res).slice(0, 200));
