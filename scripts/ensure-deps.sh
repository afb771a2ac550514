#!/usr/bin/env bash
# Installs node_modules from the lockfile when they are missing or older than the lockfile,
# so `npm start` and `npm test` work on a fresh clone with nothing but Node 20 and npm.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "deps: installing from package-lock.json (npm ci)…"
  npm ci --no-audit --no-fund
fi
