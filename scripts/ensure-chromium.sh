#!/usr/bin/env bash
# Makes sure a Chromium for the browser tests is on this machine (Debian's package; puppeteer
# cannot download its own browser here). Prints the binary path on the last line.
set -euo pipefail
for c in "${PIAZZA_CHROMIUM:-}" /usr/lib/chromium/chromium /usr/bin/chromium; do
  if [ -n "$c" ] && [ -x "$c" ]; then echo "chromium: $c"; exit 0; fi
done
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "chromium: not found, installing Debian's package (about 40 s)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq chromium >/dev/null
  echo "chromium: /usr/lib/chromium/chromium"
  exit 0
fi
cat >&2 <<'MSG'
chromium: not found. The browser tests need Chromium:
  - on Debian/Ubuntu, as root: apt-get install -y chromium
  - or point PIAZZA_CHROMIUM at any Chromium/Chrome binary (version 120 or newer).
MSG
exit 1
