#!/usr/bin/env bash
# System packages the install and the test suite need: a C compiler and Python's headers for the
# compiled generator (src/koloda/engine/_rngc.c; Koloda runs without it, slower, but the tests
# check that it is built), Debian's chromium for the browser tests, and the DejaVu fonts
# (Cyrillic) for the printed PDFs of a live event.
set -euo pipefail
PYTHON=${PYTHON:-$(command -v python3.11 || command -v python3)}
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v cc >/dev/null 2>&1 || missing+=(gcc)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)  # PDFs
include=$("$PYTHON" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
[ -f "$include/Python.h" ] || missing+=(python3-dev)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "missing system packages: ${missing[*]}; run as root or install them" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
