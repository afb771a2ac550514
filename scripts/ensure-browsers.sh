#!/usr/bin/env bash
# Makes sure the three engines of the cross-browser tests are on this machine, from Debian's
# packages (puppeteer cannot download browsers here): Chromium (scripts/ensure-chromium.sh),
# Firefox ESR (puppeteer over WebDriver BiDi) and WebKitGTK's WebDriver with a virtual display
# (xvfb-run). Installs what is missing when it can (root and apt), else says how.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh

# PIAZZA_ENGINE (e.g. "chromium" or "chromium,firefox") narrows the run, and what it needs.
wants() { [ -z "${PIAZZA_ENGINE:-}" ] || [[ ",${PIAZZA_ENGINE// /}," == *",$1,"* ]]; }
missing=()
if wants firefox; then [ -x "${PIAZZA_FIREFOX:-/usr/bin/firefox-esr}" ] || [ -x /usr/bin/firefox ] || missing+=(firefox-esr); fi
if wants webkit; then
  command -v WebKitWebDriver >/dev/null 2>&1 || missing+=(webkit2gtk-driver)
  command -v xvfb-run >/dev/null 2>&1 || missing+=(xvfb)
fi
# MiniBrowser, the browser WebKitWebDriver starts, comes with libwebkit2gtk-4.1 (a dependency of the driver).

if [ ${#missing[@]} = 0 ]; then echo "browsers: ${PIAZZA_ENGINE:-chromium, firefox, webkit} ready"; exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "browsers: installing Debian's ${missing[*]} (about a minute)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq "${missing[@]}" >/dev/null
  echo "browsers: chromium, firefox, webkit ready"
  exit 0
fi
cat >&2 <<MSG
browsers: missing ${missing[*]}. The cross-browser tests (test/browser/cross-browser.test.ts) need them:
  - on Debian/Ubuntu, as root: apt-get install -y ${missing[*]}
  - or run them on the engines you have: PIAZZA_ENGINE=chromium npm test
MSG
exit 1
