// The baseline: a bare node:http server that answers every request with the
// very same bytes the app sent for the landing page (same encoding, same
// content type). Run as a child process by bench.mjs so it gets its own core
// time like the app does. Usage: node static-server.mjs <body-file> <headers-json>
import http from "node:http";
import { readFileSync } from "node:fs";

const body = readFileSync(process.argv[2]);
const headers = { ...JSON.parse(process.argv[3] ?? "{}"), "Content-Length": body.length };

const server = http.createServer((req, res) => {
  res.writeHead(200, headers);
  res.end(req.method === "HEAD" ? undefined : body);
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`listening on http://127.0.0.1:${server.address().port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
