#!/usr/bin/env bash
# Every check: types, build, unit + integration (vitest), stress (vitest), browser (Playwright).
set -euo pipefail
cd "$(dirname "$0")/.."
# An older Node stops here with the versions needed (decision 074).
node scripts/runtime-check.mjs
rm -rf tests/.tmp && mkdir -p tests/.tmp
npm run typecheck
# The README's folder map, as rules (.dependency-cruiser.cjs): fails on a layer crossed.
npm run check:layers
npm run build
npx vitest run
# Issue 7's proofs: kill -9 durability, races, fuzzing, load, backups (~6 min on 2 cores).
npm run test:stress
node scripts/ensure-chromium.mjs
npx playwright test
