#!/bin/sh
# The browser tests drive the system Chromium. In CI (CI=true) install it when it is
# missing; elsewhere say how, and the browser tests skip with that reason.
if command -v chromium >/dev/null 2>&1 || [ -x /usr/lib/chromium/chromium ]; then
    exit 0
fi
if [ "${CI:-}" = "true" ]; then
    echo "Installing Chromium for the browser tests (apt-get install chromium)..."
    apt-get update -qq && apt-get install -y -qq chromium >/dev/null
    exit $?
fi
echo "Chromium is not installed: the browser tests will be skipped." >&2
echo "Install it with: sudo apt-get install -y chromium" >&2
