#!/usr/bin/env bash
# Copies of the sources built in place with only some of a game's modules compiled, for
# bench/native_gain.py (nothing is installed; setup.py's list is cut down in each copy).
#
#   bash bench/native_builds.sh nevermore /tmp/nm effects,flow effects flow
#   -> /tmp/nm/effects,flow  /tmp/nm/effects  /tmp/nm/flow   (each: src/ built in place)
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
python="${PYTHON:-$here/.venv/bin/python}"
game="$1"; out="$2"; shift 2
for modules in "$@"; do
    dir="$out/$modules"
    rm -rf "$dir"; mkdir -p "$dir"
    cp -r "$here/src" "$here/setup.py" "$here/pyproject.toml" "$here/README.md" "$dir/"
    find "$dir/src" -name '*.so' -delete -o -name '_native.json' -delete
    "$python" - "$dir/setup.py" "$game" "$modules" <<'PY'
import re, sys
path, game, modules = sys.argv[1:]
text = open(path, encoding="utf-8").read()
listed = ", ".join(f'"{m}"' for m in modules.split(","))
start = text.index("NATIVE = {")
end = text.index("\n}\n", start) + 3
text = text[:start] + f'NATIVE = {{\n    "koloda.games.{game}": [{listed}],\n}}\n' + text[end:]
open(path, "w", encoding="utf-8").write(text)
PY
    # an older setuptools reads only the table form of the licence
    sed -i 's/^license = "MIT"/license = {text = "MIT"}/' "$dir/pyproject.toml"
    (cd "$dir" && "$python" setup.py build_ext --inplace > build.log 2>&1)
    echo "$dir: built ($(ls "$dir/src/koloda/games/$game"/*.so | wc -l) extension modules)"
done
