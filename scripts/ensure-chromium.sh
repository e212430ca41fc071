#!/bin/sh
# The end-to-end tests drive Debian's Chromium (Playwright's own browser download cannot reach its
# host from these machines). Installs it with apt when it is missing; does nothing otherwise.
set -e
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ] && fc-list 2>/dev/null | grep -qi "noto color emoji"; then
  echo "Chromium and an emoji font found ($CHROMIUM)"
  exit 0
fi
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium fonts-liberation fonts-noto-color-emoji >/dev/null
"$CHROMIUM" --version
