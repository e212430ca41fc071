import Database from 'better-sqlite3';
const db = new Database('/tmp/searchx/big.db');
db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp."BT" USING fts5vocab(main, 'BusinessSearch', 'row'); CREATE VIRTUAL TABLE IF NOT EXISTS temp."UT" USING fts5vocab(main, 'UserSearch', 'row');`);
for (const [t, w] of [['BT','business'],['BT','plumb'],['UT','first0424'],['UT','first0'],['UT','user'],['BT','7777']]) {
  const sql = `SELECT term FROM temp."${t}" WHERE term >= ? AND term <= ? LIMIT 17`;
  const st = db.prepare(sql); let r; const t0 = performance.now(); for (let i=0;i<10;i++) r = st.all(w, w + '\u{10FFFF}');
  console.log(t, w, ((performance.now()-t0)/10).toFixed(3)+'ms', r.length, JSON.stringify(r.slice(0,3)));
}
const st = db.prepare(`SELECT count(*) c FROM "UserSearch" WHERE "UserSearch" MATCH ?`);
for (const q of ['("business") AND ("77777" OR "777770" OR "777771")', '("business" OR "businesses") AND "77777"*', '"business" AND "77777"*', '{email} : (("user") AND ("07777"))']) { const t0=performance.now(); let r; for (let i=0;i<10;i++) r=st.get(q); console.log(q, ((performance.now()-t0)/10).toFixed(3)+'ms', r); }
