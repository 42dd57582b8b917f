#!/usr/bin/env bash
# Lode's entry in real assistants' configurations, read by the assistants themselves, as a new
# user would try it: with HOME in a fresh folder, `lode connect <assistant> --yes`, then the
# assistant's own `mcp list` must list Lode's entry; `lode disconnect <assistant> --yes`, then
# it must not, and the configuration must be byte for byte what it was before the connect.
# Each configuration is seeded first with another server (and, for Codex's TOML, a comment).
#
#   bash tests/assistants/run.sh [LODE]     LODE: the `lode` to connect (target/debug/lode)
#
# The assistants (Claude Code, Gemini CLI, Codex) are the npm packages pinned in
# package-lock.json beside this script, installed by .ci/setup; `mcp list` needs no account.
# Claude Code's list also starts every server to check its health: the first connect exposes the
# built-in Demo (`--expose Demo`, which makes the hub profile `default`), and Claude Code must
# report Lode's entry connected, that is, `lode serve --profile default` answered its handshake.
# Lode's data is the fresh HOME's, as the assistants pass HOME to the servers they start.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
lode="$(realpath "${1:-$here/../../target/debug/lode}")"
bin="$here/node_modules/.bin"
[ -x "$lode" ] || { echo "no lode at $lode: build it first (cargo build -p lode-cli)" >&2; exit 1; }
[ -x "$bin/claude" ] || { echo "the assistants are not installed: npm ci --prefix tests/assistants" >&2; exit 1; }

home="$(mktemp -d "${TMPDIR:-/tmp}/lode-assistants.XXXXXX")"
trap 'rm -rf "$home"' EXIT
export HOME="$home"
unset XDG_CONFIG_HOME CODEX_HOME CLAUDE_CONFIG_DIR GEMINI_API_KEY ANTHROPIC_API_KEY OPENAI_API_KEY
# No telemetry, update checks or other calls out from the assistants while they list.
export DISABLE_AUTOUPDATER=1 CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 GEMINI_CLI_NO_RELAUNCH=true

failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# `mcp list` of one assistant, its output printed indented and kept in $listed.
list() {
  local name=$1
  shift
  listed="$(timeout 120 "$@" 2>&1)" || { fail "$name: '$*' exited with $?"; }
  printf '%s\n' "$listed" | sed 's/^/    | /'
}

# One assistant: NAME (lode's), the config file, then the assistant's `mcp list` command.
check() {
  local name=$1 config=$2
  shift 2
  echo "==> $name ($config)"
  local before="$home/before"
  cp "$config" "$before"

  "$lode" connect "$name" --expose Demo --yes 2>&1 | sed 's/^/    lode: /'
  grep -q "$lode" "$config" || fail "$name: lode connect wrote no entry starting $lode"
  echo "  after lode connect, '$*':"
  list "$name" "$@"
  if printf '%s\n' "$listed" | grep -q "$lode"; then
    echo "  ok: $name lists Lode's entry"
  else
    fail "$name: its mcp list does not show Lode's entry"
  fi
  if [ "$name" = claude-code ]; then
    if printf '%s\n' "$listed" | grep "$lode" | grep -q "Connected"; then
      echo "  ok: Claude Code reports Lode's hub connected"
    else
      fail "$name: Claude Code does not report Lode's hub connected"
    fi
  fi

  "$lode" disconnect "$name" --yes | sed 's/^/    lode: /'
  echo "  after lode disconnect, '$*':"
  list "$name" "$@"
  if printf '%s\n' "$listed" | grep -q "$lode"; then
    fail "$name: Lode's entry is still listed after lode disconnect"
  fi
  if cmp -s "$before" "$config"; then
    echo "  ok: $config is byte for byte what it was before the connect"
  else
    fail "$name: $config differs from before the connect:"
    diff "$before" "$config" >&2 || true
  fi
  rm -f "$config.lode-backup"
}

# Claude Code rewrites ~/.claude.json in its own layout (and adds its state) the first time it
# runs: let it, so that the file compared is one Claude Code has settled, as a user's would be.
printf '{"mcpServers": {"notes": {"command": "notes-mcp", "args": ["--stdio"]}}}\n' >"$home/.claude.json"
timeout 120 "$bin/claude" mcp list >/dev/null 2>&1 || true
check claude-code "$home/.claude.json" "$bin/claude" mcp list

mkdir -p "$home/.gemini"
cat >"$home/.gemini/settings.json" <<'JSON'
{
  "mcpServers": {
    "notes": {
      "command": "notes-mcp",
      "args": ["--stdio"]
    }
  }
}
JSON
check gemini "$home/.gemini/settings.json" "$bin/gemini" mcp list

mkdir -p "$home/.codex"
cat >"$home/.codex/config.toml" <<'TOML'
# My Codex settings: Lode must keep this comment.
model = "gpt-5"

[mcp_servers.notes]
command = "notes-mcp"
args = ["--stdio"]
TOML
check codex "$home/.codex/config.toml" "$bin/codex" mcp list

if [ "$failures" -gt 0 ]; then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "all three assistants read Lode's entry, and got their files back unchanged"
