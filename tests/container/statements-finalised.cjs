// Run inside the app image by scripts/test-container.sh, a regression test of
// the runtime and the addon (decisions 073, 074): drops thousands of prepared
// statements while the process idles between timers, so the garbage collector
// finalises them from V8's own tasks as a server does between requests. On
// Node 24.19+ with better-sqlite3 12 the process aborted ("Assertion failed:
// (env) != nullptr") within a second; the image's Node and addon must live.
const Database = require("/app/node_modules/better-sqlite3");

const db = new Database(":memory:");
db.exec("create table answers (id integer primary key, note text)");
const until = Date.now() + Number(process.argv[2] || 8000);
let statements = 0;
function round() {
  for (let i = 0; i < 200; i++) {
    db.prepare("select id, note from answers where id = ?").all(i);
    statements++;
  }
  const garbage = [];
  for (let i = 0; i < 2000; i++) garbage.push({ i, text: "x".repeat(50) });
  if (Date.now() < until) setTimeout(round, 1);
  else console.log(`${statements} statements finalised on Node ${process.version}`);
}
round();
