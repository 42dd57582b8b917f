// @ts-check
/**
 * The programs a bash script runs, for .ci/check-setup.mjs. Bash itself parses the script (as
 * the body of a function it defines and never calls) and prints it back with `declare -f`: a
 * syntax error fails here, and comments, line continuations, arrays, case patterns and function
 * definitions come back in one regular form. What is left is splitting that form into commands
 * and words (quotes, `$( )`, backquotes, redirections, pipes and lists), and the wrappers that
 * run the command after them (env, sudo, xvfb-run, sh -c '…', .ci/with-keychain…). A word with
 * an expansion (a command in a variable) is skipped: the check's table and review cover it.
 *   node .ci/shell-commands.mjs FILE…   prints what it finds
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";

const KEYWORDS = new Set(["if", "then", "else", "elif", "fi", "do", "done", "while", "until", "!", "{", "}", "time", "esac"]);
/** After these, no command word follows: `for x in …`, `case … in`, `function f ()`. */
const NO_COMMAND = new Set(["for", "select", "case", "function", "[["]);
const BUILTINS = new Set(
  (". : [ alias break builtin cd continue declare echo eval exit export false getopts hash kill let local " +
    "mapfile popd printf pushd pwd read readarray readonly return set shift shopt source test true type " +
    "typeset ulimit umask unalias unset wait exec command trap").split(" "),
);
/**
 * Commands that run the command after their options. `arg`: options that take a value; `until`:
 * the word after which the command comes; `skip`: words before it; `own`: this repository's.
 * @type {Record<string, { arg?: string[], until?: string, skip?: number, own?: boolean }>}
 */
const WRAPPERS = {
  exec: { arg: ["-a"] },
  command: {},
  env: { arg: ["-u", "--unset", "-C", "--chdir"] },
  sudo: { arg: ["-u", "-g", "-C", "-D", "-h", "-p", "-U"] },
  nice: { arg: ["-n"] },
  timeout: { arg: ["-s", "--signal", "-k", "--kill-after"], skip: 1 },
  "xvfb-run": { arg: ["-n", "--server-num", "-s", "--server-args", "-f", "--auth-file", "-e", "--error-file", "-p", "-w"] },
  "dbus-run-session": { until: "--" },
  as_root: { own: true }, // .ci/setup's "sudo unless root"
  "with-keychain": { own: true }, // .ci/with-keychain CMD…
  check: { skip: 1, own: true }, // tests/package/run.sh's check NAME CMD…
};
const SHELLS = new Set(["bash", "sh", "dash"]);

/** @typedef {{ text: string, dynamic: boolean }} Word */

/** @param {string} src @returns {string} the script as `declare -f` prints it, here-documents left out */
function normalized(src) {
  const script = 'eval "__scanned() {\n$(cat)\n}" && declare -f __scanned';
  const bash = spawnSync("bash", ["--norc", "--noprofile", "-c", script], { input: src, encoding: "utf8" });
  if (bash.status !== 0) throw new Error(`bash cannot parse it: ${bash.stderr.trim()}`);
  const lines = bash.stdout.split("\n").slice(2);
  /** @type {string[]} */
  const kept = [];
  for (let i = 0; i < lines.length; i++) {
    kept.push(lines[i]);
    for (const [, tag] of lines[i].matchAll(/(?<!<)<<-?\s*['"]?(\w+)/g)) while (i + 1 < lines.length && lines[++i].trim() !== tag);
    // A case pattern stands alone on the line after `case … in` or `;;`.
    if (/^\s*case .* in\s*$|^\s*;;&?$|^\s*;&$/.test(lines[i]) && /\)\s*$/.test(lines[i + 1] ?? "")) i++;
  }
  return kept.join("\n");
}

/** @param {string} text @param {number} at the index just past an opening parenthesis @returns {number} past its match */
function closing(text, at) {
  for (let depth = 1, i = at; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === "'") i = text.indexOf("'", i + 1);
    else if (c === '"') for (i++; i < text.length && text[i] !== '"'; i++) i += text[i] === "\\" ? 1 : 0;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i + 1;
  }
  throw new Error("unbalanced parentheses");
}

/**
 * The simple commands of normalized source, each as its words; those in `$( )`, backquotes and
 * `<( )` come out as commands of their own.
 * @param {string} text @param {Word[][]} commands
 */
function split(text, commands) {
  /** @type {Word[]} */
  let words = [];
  let word = "";
  let dynamic = false;
  let started = false; // a word is under way (`""` is a word)
  let redirected = false; // the next word is a file
  const endWord = () => {
    if (started && !redirected) words.push({ text: word, dynamic });
    if (started) redirected = false;
    [word, dynamic, started] = ["", false, false];
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) commands.push(words);
    words = [];
  };
  const inner = (/** @type {number} */ from) => {
    const to = closing(text, from);
    split(text.slice(from, to - 1), commands);
    return to - 1;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const atCommand = !started && words.every((w) => KEYWORDS.has(w.text));
    if (atCommand && text.startsWith("((", i)) {
      i = closing(text, i + 1) - 1; // arithmetic: no command
    } else if (atCommand && text.startsWith("[[ ", i)) {
      const end = text.indexOf(" ]]", i); // a test: no command, but its $( ) run some
      for (const { index } of text.slice(i, end).matchAll(/\$\((?!\()/g)) inner(i + index + 2);
      i = end + 2;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      word += text.slice(i + 1, end);
      [started, i] = [true, end];
    } else if (c === "\\") {
      word += text[++i];
      started = true;
    } else if (c === "`") {
      const end = text.indexOf("`", i + 1);
      split(text.slice(i + 1, end), commands);
      [dynamic, started, i] = [true, true, end];
    } else if (text.startsWith("$((", i)) {
      [dynamic, started, i] = [true, true, closing(text, i + 2) - 1];
    } else if (text.startsWith("$(", i)) {
      [dynamic, started, i] = [true, true, inner(i + 2)];
    } else if (text.startsWith("${", i)) {
      [dynamic, started, i] = [true, true, text.indexOf("}", i)];
    } else if (c === "$") {
      [word, dynamic, started] = [word + c, true, true];
    } else if (c === '"') {
      for (i++, started = true; i < text.length && text[i] !== '"'; i++) {
        if (text.startsWith("$(", i) && !text.startsWith("$((", i)) i = inner(i + 2);
        else if (text[i] === "\\") word += text[++i];
        else word += text[i];
        dynamic ||= text[i] === "$" || text[i] === ")";
      }
    } else if ((c === "<" || c === ">") && text[i + 1] === "(") {
      endWord();
      i = inner(i + 2); // <( ): a command of its own
    } else if (c === "<" || c === ">") {
      if (/^\d+$/.test(word)) [word, started] = ["", false]; // 2> file: the 2 names the stream
      endWord();
      const op = /^[<>]+[&|]?(\d+|-)?/.exec(text.slice(i))?.[0] ?? c;
      i += op.length - 1;
      redirected = !/&(\d+|-)$/.test(op); // >&2 names a stream, not a file
    } else if (c === "=" && text[i + 1] === "(" && /^\w+\+?$/.test(word)) {
      word += "=()"; // an array's values: an assignment all the same
      i = closing(text, i + 2) - 1;
    } else if (/[;&|()\n]/.test(c)) {
      endCommand();
    } else if (/\s/.test(c)) {
      endWord();
    } else {
      word += c;
      started = true;
    }
  }
  endCommand();
}

/**
 * The programs one simple command runs: its command word, and those wrappers, `sh -c '…'`,
 * `trap '…'` and `command -v` name.
 * @param {Word[]} words @param {Set<string>} functions @returns {string[]}
 */
function programs(words, functions) {
  /** @type {string[]} */
  const found = [];
  const inner = (/** @type {string} */ src) => found.push(...scan(src, functions));
  for (let i = 0; ; ) {
    while (words[i] && (/^\w+(\[[^\]]*\])?\+?=/.test(words[i].text) || KEYWORDS.has(words[i].text))) i++;
    if (!words[i] || NO_COMMAND.has(words[i].text)) return found;
    const { text, dynamic } = words[i];
    if (text === "trap") return words[i + 1] ? (inner(words[i + 1].text), found) : found;
    // A script of this repository that runs its arguments, even as "$root/.ci/with-keychain".
    const own = WRAPPERS[basename(text)]?.own ?? false;
    const external =
      !dynamic && !own && (text.includes("/") ? text.startsWith("/") : !BUILTINS.has(text) && !functions.has(text));
    if (external) found.push(text);
    if (external && SHELLS.has(basename(text))) {
      // bash -c 'SOURCE', or bash SCRIPT ARGS (a wrapper script passes ARGS on as a command).
      for (i++; words[i]?.text.startsWith("-") && words[i].text !== "-c"; i++);
      if (words[i]?.text === "-c") return words[i + 1] ? (inner(words[i + 1].text), found) : found;
      continue;
    }
    const wrapper = own ? WRAPPERS[basename(text)] : dynamic ? undefined : WRAPPERS[text];
    if (!wrapper) return found;
    i++;
    if (wrapper.until) for (; words[i] && words[i - 1].text !== wrapper.until; i++);
    while (words[i]?.text.startsWith("-")) i += wrapper.arg?.includes(words[i].text) ? 2 : 1;
    i += wrapper.skip ?? 0;
  }
}

/** @param {string} src @param {Set<string>} [outer] functions of an enclosing script @returns {string[]} */
function scan(src, outer = new Set()) {
  const text = normalized(src);
  const functions = new Set([...outer, ...[...text.matchAll(/^\s*function (\S+) \(\)/gm)].map((m) => m[1])]);
  /** @type {Word[][]} */
  const commands = [];
  split(text, commands);
  return commands.flatMap((words) => programs(words, functions));
}

/**
 * The programs a bash script runs, each with the first line that names it.
 * @param {string} src @returns {{ name: string, line: number }[]}
 */
export function shellCommands(src) {
  const lines = src.split("\n");
  const escaped = (/** @type {string} */ name) => name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  return scan(src).map((name) => {
    const named = new RegExp(`(^|[^\\w./-])${escaped(name)}($|[^\\w./-])`);
    return { name, line: lines.findIndex((line) => named.test(line)) + 1 };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const file of process.argv.slice(2)) {
    for (const { name, line } of shellCommands(readFileSync(file, "utf8"))) console.log(`${file}:${line}\t${name}`);
  }
}
