#!/usr/bin/env bash
# scripts/fast-check.sh: the short proof that Convite runs on the Node on PATH
# (decision 074). CI runs the whole suite on one Node and this on the others:
#   scripts/with-node.sh 22 scripts/fast-check.sh
#
# In a fresh copy of this checkout (no node_modules, build or data): the
# README's first command (npm ci, npm run build, npm start) serves the site,
# one RSVP round trip over the JSON API, the server killed with SIGKILL right
# after the answer and started again with the answer still there and
# integrity_check ok, then the kill -9 proof of tests/stress/durability.test.ts
# with FAST_CHECK_KILLS kills (5, each 1.5-3 s into a run; the whole suite
# does 20). FAST_CHECK_KEEP=1 keeps the copy.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
started=$(date +%s)
label="[fast-check node $(node --version)]"
step() { echo "$label $(( $(date +%s) - started ))s: $*"; }
fail() { echo "$label FAIL: $*" >&2; [ -f "${WORK:-}/server.log" ] && tail -20 "$WORK/server.log" >&2; exit 1; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/convite-fast-check.XXXXXX")
app=$WORK/app
server=
stop_server() { # signal
  [ -n "$server" ] || return 0
  kill "-$1" -- "-$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  server=
}
cleanup() {
  stop_server TERM
  if [ "${FAST_CHECK_KEEP:-0}" = 1 ]; then
    echo "$label kept $WORK"
  else
    # Deleting the copy (its node_modules above all) took 100 s on a busy CI
    # machine, waiting on the disk, not the CPU: CI goes on meanwhile.
    rm -rf "$WORK" >/dev/null 2>&1 &
  fi
}
trap cleanup EXIT

step "a fresh copy of the checkout in $WORK"
mkdir -p "$app"
tar -C "$src" -cf - --exclude=./.git --exclude=./node_modules --exclude=./.node --exclude=./build \
  --exclude=./data --exclude=./tests/.tmp --exclude=./test-results --exclude=./playwright-report \
  --exclude=./.react-router . | tar -C "$app" -xf -
cd "$app"

step "npm ci"
npm ci >"$WORK/npm-ci.log" 2>&1 || { tail -20 "$WORK/npm-ci.log"; fail "npm ci"; }
step "npm run build"
npm run build >"$WORK/build.log" 2>&1 || { tail -20 "$WORK/build.log"; fail "npm run build"; }

PORT=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
BASE=http://127.0.0.1:$PORT
ADMIN_PASSWORD=fast-check-admin-password
RSVP_MESSAGE="from the fast check"
start_server() { # npm start in its own process group, so SIGKILL reaches npm and the server alike
  PORT=$PORT HOST=127.0.0.1 ADMIN_PASSWORD=$ADMIN_PASSWORD setsid npm start >>"$WORK/server.log" 2>&1 &
  server=$!
  for _ in $(seq 1 120); do
    curl -fsS "$BASE/healthz" >/dev/null 2>&1 && return 0
    kill -0 "$server" 2>/dev/null || fail "npm start exited"
    sleep 0.5
  done
  fail "npm start did not answer /healthz within 60 s"
}

step "npm start"
start_server
page=$(curl -fsS "$BASE/") || fail "GET / did not answer 200"
echo "$page" | grep -q '<html' || fail "GET / is not the site: $(echo "$page" | head -c 200)"
echo "$label GET /: $(echo "$page" | wc -c) bytes of HTML"
# shellcheck source=lib/rsvp-api.sh
. "$app/scripts/lib/rsvp-api.sh"
rsvp_round_trip "$label round trip"

step "kill -9 right after the answer, npm start again"
stop_server KILL
start_server
check_rsvp "$label after kill -9"
stop_server TERM
integrity=$(node -e 'const D=require("better-sqlite3");console.log(new D(process.argv[1],{readonly:true}).pragma("integrity_check",{simple:true}))' data/app.db)
[ "$integrity" = ok ] || fail "integrity_check: $integrity"
echo "$label integrity_check: $integrity"

kills=${FAST_CHECK_KILLS:-5}
step "the kill -9 proof (tests/stress/durability.test.ts, $kills kills)"
NO_COLOR=1 STRESS_KILLS=$kills STRESS_KILL_AFTER_MS=1500 npx vitest run --config vitest.stress.config.ts tests/stress/durability.test.ts >"$WORK/durability.log" 2>&1 ||
  { tail -40 "$WORK/durability.log"; fail "the kill -9 proof"; }
grep '\[figure\] durability' "$WORK/durability.log" | sed "s/^/$label /" || true

step "PASS"
