#!/usr/bin/env bash
# `npm test`: everything, in the order that fails fastest. A new machine needs only Node 20 + npm
# (and root for apt, or PIAZZA_CHROMIUM); this script installs the rest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
bash scripts/ensure-chromium.sh
npm run --silent gen
echo "== typecheck"; npx tsc --noEmit -p tsconfig.json
echo "== build";     npx rollup -c --silent
echo "== size budgets"; npx size-limit
echo "== demo configs"; node scripts/validate.mjs fixtures/pages/*.html >/dev/null && echo "all demo page configs valid"
echo "== tests";     npx vitest run
