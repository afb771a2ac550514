#!/usr/bin/env bash
# `npm start`: install if needed, build piazza, serve the demo portal + ocopendata emulator.
# HOST (default 127.0.0.1) and PORT (default 8080) choose where; the URL is printed.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
npm run --silent build
exec node fixtures/emulator/serve.mjs
