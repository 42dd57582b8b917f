// @ts-check
// What .ci/shell-commands.mjs finds in the shell constructs the repository's scripts use, and
// .ci/check-setup.mjs failing on a program that a script calls and setup does not install.
// Run: node --test .ci/shell-commands.test.mjs (the setup-check step of .ci/test does).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { shellCommands } from "./shell-commands.mjs";

const names = (/** @type {string} */ src) => shellCommands(src).map((found) => found.name);

test("commands in lists, pipes, substitutions and subshells, with their lines", () => {
  const src = 'cd "$(dirname "$0")/.."\nx=$(jq -r .a <f.json | sort -u) && (cd ui && npm ci)\n';
  assert.deepEqual(shellCommands(src), [
    { name: "dirname", line: 1 },
    { name: "jq", line: 2 },
    { name: "sort", line: 2 },
    { name: "npm", line: 2 },
  ]);
});

test("quotes, comments, redirections and arithmetic hold no command", () => {
  const src = [
    'echo "done in $((SECONDS - started)) s (exit $status); see x" >&2 # not (a) command',
    "grep -q x file 2>/dev/null || true",
    'printf "%s\\n" "${a:+ (${b[*]})}"',
  ].join("\n");
  assert.deepEqual(names(src), ["grep"]);
});

test("keywords, [[ ]], for lists, case patterns, functions, arrays and here-documents", () => {
  const src = [
    'if [[ -f a || -L b ]] && ! command -v tauri-driver >/dev/null; then cargo install x; fi',
    "for tool in xvfb-run import; do :; done",
    'case "$1" in --debug|-d) rpm -qp x ;; (*) echo no ;; esac',
    'log() { printf "%s" "$*"; }',
    "log hello",
    "packages=(libfoo bar",
    "  baz)",
    "cat <<'END'",
    "not-a-command here",
    "END",
    "(( n++ ))",
  ].join("\n");
  assert.deepEqual(names(src), ["tauri-driver", "cargo", "rpm", "cat"]);
});

test("a command substitution inside [[ ]] runs its command", () => {
  assert.deepEqual(names('if [[ "$(readlink /proc/1/exe)" == */x || $(id -u) -eq 0 ]]; then :; fi'), ["readlink", "id"]);
});

test("a script bash cannot parse is an error, not an empty list", () => {
  assert.throws(() => shellCommands("if true; then echo"), /bash cannot parse it/);
});

test("wrappers pass on to the command they run", () => {
  const src = [
    'as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }',
    "as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y x",
    'env -u A B=1 bash "$root/.ci/with-keychain" xvfb-run -a -s "-screen 0 1x1x24" node --test a.mjs',
    "exec dbus-run-session -- sh -c 'printf %s pw | gnome-keyring-daemon --unlock && exec \"$@\"' k \"$@\"",
    'check "it validates" desktop-file-validate /usr/share/applications/x.desktop',
    "trap 'rm -rf \"$work\"' EXIT",
    "timeout 5 /usr/bin/gio launch x.desktop",
  ].join("\n");
  assert.deepEqual(names(src), [
    "id", "sudo", "env", "apt-get", "env", "bash", "xvfb-run", "node", "dbus-run-session", "sh", "gnome-keyring-daemon",
    "desktop-file-validate", "rm", "timeout", "/usr/bin/gio",
  ]);
});

test("variables and files of the repository are not programs to install", () => {
  const src = '"$dir/bin/pip" install x\ntarget/debug/lode --version\n$cmd run\nbash tests/e2e/run.sh';
  assert.deepEqual(names(src), ["bash"]);
});

/**
 * Runs check-setup.mjs on a copy of .ci/ whose only other script is `script`.
 * @param {string} script @returns {{ status: number | null, stdout: string }}
 */
function checkSetupWith(script) {
  const ci = dirname(fileURLToPath(import.meta.url));
  const root = mkdtempSync(join(tmpdir(), "check-setup-"));
  try {
    mkdirSync(join(root, ".ci"));
    mkdirSync(join(root, "tests"));
    for (const file of ["check-setup.mjs", "shell-commands.mjs", "setup"]) copyFileSync(join(ci, file), join(root, ".ci", file));
    writeFileSync(join(root, "tests", "calls.sh"), script);
    return spawnSync("node", [join(root, ".ci", "check-setup.mjs")], { encoding: "utf8" });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

test("check-setup fails on a program setup does not install, naming it and where", () => {
  const { status, stdout } = checkSetupWith('#!/usr/bin/env bash\nset -e\nversion=$(jq -r .version package.json)\n');
  assert.equal(status, 1, stdout);
  assert.match(stdout, /FAIL jq is called at tests\/calls\.sh:3 but has no row/);
});

test("check-setup passes builtins, functions and the repository's own scripts", () => {
  const script = [
    "#!/usr/bin/env bash",
    'say() { printf "%s\\n" "$*"; }',
    'say "$(pwd)"; cd /tmp && read -r x < /dev/null || true',
    'bash tests/e2e/run.sh; .ci/test; "$root/.ci/with-keychain" cargo test',
  ].join("\n");
  const { status, stdout } = checkSetupWith(script);
  assert.equal(status, 0, stdout);
  assert.doesNotMatch(stdout, /FAIL/);
});
