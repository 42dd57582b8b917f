#!/usr/bin/env bash
# Installs the official MCP conformance suite, pinned, into DIR (default: ./.conformance) and prints
# the path of its CLI. The suite imports fs.globSync, which Node gained in 22; on an older Node the
# installed copy is patched to take globSync from the `glob` package instead (nothing else changes).
#   bash tests/conformance/install.sh [DIR]   →   node "$(…)" client --command "…" --scenario initialize
set -euo pipefail
dir=${1:-.conformance}
version=0.1.16
mkdir -p "$dir"
cli="$dir/node_modules/@modelcontextprotocol/conformance/dist/index.js"
if [ ! -f "$dir/.installed-$version" ]; then
  [ -f "$dir/package.json" ] || echo '{"private": true}' >"$dir/package.json"
  ( cd "$dir" && npm install --no-audit --no-fund --loglevel=error \
      "@modelcontextprotocol/conformance@$version" "glob@11" >/dev/null )
  touch "$dir/.installed-$version"
fi
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 22 ] && grep -q 'globSync as o,' "$cli"; then
  python3 - "$cli" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
old = 'import{existsSync as a,globSync as o,mkdtempSync as s,promises as c,readFileSync as l}from"fs";'
new = 'import{existsSync as a,mkdtempSync as s,promises as c,readFileSync as l}from"fs";import{globSync as o}from"glob";'
if old not in s:
    sys.exit("conformance shim: the import line changed; update install.sh")
open(p, "w").write(s.replace(old, new, 1))
PY
fi
echo "$cli"
