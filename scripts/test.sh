#!/usr/bin/env bash
# `npm test`: everything, in the order that fails fastest. A new machine needs only Node 20 + npm
# (and root for apt, or PIAZZA_CHROMIUM); this script installs the rest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
bash scripts/ensure-browsers.sh
bash scripts/ensure-php.sh
npm run --silent gen
echo "== typecheck"; npx tsc --noEmit -p tsconfig.json
echo "== lint";      npx biome check --error-on-warnings .
echo "== build";     npx rollup -c --silent
echo "== size budgets"; npx size-limit
# (not `validate … && echo`: set -e does not stop on a failure inside an && list, and this step passed unseen)
echo "== demo configs"
if ! configs=$(node scripts/validate.mjs fixtures/pages/*.html); then echo "$configs" | grep -v ': ok$'; exit 1; fi
echo "all demo page configs valid"

# Test steps all run (one failing step does not hide the others); each prints "… N passed, N failed"
# and the last line adds them up.
mkdir -p .tmp
logs=()
failed_steps=0
step() { # step NAME COMMAND…
  local log=".tmp/test-$1.log"; shift
  logs+=("$log")
  "$@" 2>&1 | tee "$log" || failed_steps=$((failed_steps + 1))
}
echo "== tests (the whole suite, at this instant)"
step all npx vitest run
echo "== time travel (date-sensitive tests at other instants and zones: scripts/time-travel.mjs)"
step time-travel node scripts/time-travel.mjs

# One closing line for the whole command: the sum of each step's own closing line.
grep -hE '^(vitest|time travel): [0-9]+ passed, [0-9]+ failed' "${logs[@]}" |
  awk '{ for (i = 2; i <= NF; i++) { if ($i == "passed,") p += $(i-1); if ($i ~ /^failed,?$/) f += $(i-1) } }
       END { printf "\n%d passed, %d failed\n", p, f }'
[ "$failed_steps" = 0 ]
