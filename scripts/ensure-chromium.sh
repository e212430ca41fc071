#!/bin/sh
# The end-to-end tests drive Debian's Chromium (Playwright's own browser download cannot reach its
# host from these machines). Installs it with apt when it is missing; does nothing otherwise.
set -e
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
# The journeys and the budget run the headless shell (scripts/lib/chromium.ts); Lighthouse and
# --headed the full browser.
HEADLESS="${HEADLESS_CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
if [ -x "$CHROMIUM" ] && [ -x "$HEADLESS" ] && fc-list 2>/dev/null | grep -qi "noto color emoji"; then
  echo "Chromium, its headless shell and an emoji font found ($CHROMIUM, $HEADLESS)"
  exit 0
fi
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium chromium-headless-shell fonts-liberation fonts-noto-color-emoji >/dev/null
"$CHROMIUM" --version
"$HEADLESS" --version
