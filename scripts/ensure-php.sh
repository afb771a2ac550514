#!/usr/bin/env bash
# Makes sure php-cli with the xml, intl and mbstring modules is on this machine, from Debian's
# packages: the OpenPA tests render the theme's and piazza's templates with the real eZ template
# engine (../shared/real/ez-render/render.php, test/unit/openpa/). Installs what is missing when it
# can (root and apt), else says how; without it those tests are skipped with one line that says why.
set -euo pipefail
has() { php -r 'exit(extension_loaded("'"$1"'") ? 0 : 1);' 2>/dev/null; }
missing=()
if ! command -v php >/dev/null 2>&1; then missing=(php-cli php-xml php-intl php-mbstring)
else
  has dom || missing+=(php-xml)
  has intl || missing+=(php-intl)
  has mbstring || missing+=(php-mbstring)
fi
if [ ${#missing[@]} = 0 ]; then echo "php: $(php -r 'echo PHP_VERSION;') with xml, intl, mbstring ready"; exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "php: installing Debian's ${missing[*]}…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq "${missing[@]}" >/dev/null
  echo "php: $(php -r 'echo PHP_VERSION;') ready"
  exit 0
fi
echo "php: missing ${missing[*]} (apt-get install -y ${missing[*]}, as root): the real-eZ-engine tests of test/unit/openpa/ will be skipped" >&2
exit 0
