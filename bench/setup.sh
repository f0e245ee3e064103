#!/usr/bin/env bash
# Create bench/.venv-ref: a separate environment holding the reference engines (OpenSpiel and
# RLCard) the benchmarks compare against. They are NOT project dependencies.
#
#   bash bench/setup.sh            # creates or updates bench/.venv-ref
#   PYTHON=python3.11 bash bench/setup.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
python="${PYTHON:-$(command -v python3.11 || command -v python3)}"
venv="$here/.venv-ref"
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --upgrade pip
"$venv/bin/pip" install --quiet "open_spiel>=1.4" "rlcard>=1.0" numpy
"$venv/bin/python" -c "import pyspiel, rlcard; print('reference engines ready:', pyspiel.__name__, rlcard.__version__)"
