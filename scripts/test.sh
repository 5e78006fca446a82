#!/usr/bin/env bash
# Every check: types, build, unit + integration (vitest), browser (Playwright).
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf tests/.tmp && mkdir -p tests/.tmp
npm run typecheck
npm run build
npx vitest run
node scripts/ensure-chromium.mjs
npx playwright test
