#!/usr/bin/env bash
# Browser tests drive Debian's chromium through Python playwright (never `playwright install`).
# Install it with apt when missing and we may (root); otherwise those tests skip with a reason
# (and under CI=true they fail instead of skipping, see tests/conftest.py).
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "installing Debian's chromium for the browser tests…"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
    || echo "could not install chromium; browser tests will skip"
else
  echo "chromium missing and apt-get not usable here; browser tests will skip"
fi
exit 0
