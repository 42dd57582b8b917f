// @ts-check
/**
 * The external commands a bash script runs, for .ci/check-setup.mjs. Not a shell parser: a small
 * lexer that knows quotes, comments, `$( )`, redirections, pipes and lists, here-documents,
 * `case` patterns, function definitions and array assignments, plus a table of commands that run
 * another command (exec, env, sudo, xvfb-run, dbus-run-session, sh -c '…', .ci/with-keychain).
 * What it cannot see (a command in a variable, say) it skips; the check's table and review cover
 * the rest. Run `node .ci/shell-commands.mjs FILE…` to see what it finds.
 */
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";

/** Words that start or continue a compound command; the command is the word after them. */
const KEYWORDS = new Set(["if", "then", "else", "elif", "fi", "do", "done", "while", "until", "!", "{", "}", "time"]);
/** Bash builtins: never a package's. `command`, `exec` and `trap` are handled apart. */
const BUILTINS = new Set([
  ".", ":", "[", "alias", "break", "builtin", "cd", "continue", "declare", "echo", "eval", "exit", "export",
  "false", "getopts", "hash", "let", "local", "mapfile", "popd", "printf", "pushd", "pwd", "read",
  "readarray", "readonly", "return", "set", "shift", "shopt", "source", "test", "true", "type",
  "typeset", "ulimit", "umask", "unalias", "unset", "wait", "kill",
]);
/**
 * Commands that run the command given after their options. `withArg`: options that take a
 * value; `until`: skip up to and including this word; `skip`: leading words to skip; `own`: a
 * function or script of this repository, never a program to install.
 * @type {Record<string, { withArg?: string[], until?: string, skip?: number, own?: boolean }>}
 */
const WRAPPERS = {
  exec: { withArg: ["-a"] },
  command: {},
  env: { withArg: ["-u", "--unset", "-C", "--chdir"] },
  sudo: { withArg: ["-u", "-g", "-C", "-D", "-h", "-p", "-U"] },
  as_root: { own: true }, // .ci/setup's "sudo unless root"
  nice: { withArg: ["-n"] },
  timeout: { withArg: ["-s", "--signal", "-k", "--kill-after"], skip: 1 },
  "xvfb-run": {
    withArg: ["-n", "--server-num", "-s", "--server-args", "-f", "--auth-file", "-e", "--error-file", "-p", "-w"],
  },
  "dbus-run-session": { until: "--" },
  "with-keychain": { own: true }, // .ci/with-keychain CMD…: runs CMD in a private D-Bus session
  check: { skip: 1, own: true }, // tests/package/run.sh's check NAME CMD…
};
const SHELLS = new Set(["bash", "sh", "dash"]);

/** @typedef {{ text: string, dynamic: boolean }} Word  text without quotes; dynamic: holds an expansion */
/** @typedef {{ words: Word[], line: number }} Simple */

/**
 * Splits shell source into simple commands. Commands inside `$( )` and backquotes come out as
 * commands of their own.
 * @param {string} src @param {number} [firstLine]
 * @returns {{ commands: Simple[], functions: Set<string> }}
 */
export function simpleCommands(src, firstLine = 1) {
  /** @type {Simple[]} */
  const commands = [];
  const functions = new Set();
  let line = firstLine;
  /** @type {Word[]} */
  let words = [];
  let commandLine = line;
  // Cast, not annotated: the closures below assign it, which TypeScript does not track.
  let word = /** @type {Word | null} */ (null);
  let dropNextWord = false; // the target of a redirection
  /** @type {string[]} */
  const heredocs = []; // delimiters whose bodies start at the next newline
  /** @type {number[]} */
  const cases = []; // one entry per open `case`
  let casePattern = false; // before the `)` of a case pattern
  let i = 0;

  const startWord = () => (word ??= { text: "", dynamic: false });
  const endWord = () => {
    if (!word) return;
    const done = word;
    word = null;
    if (dropNextWord) {
      dropNextWord = false;
      return;
    }
    if (words.length === 0) commandLine = line;
    words.push(done);
    if (done.text === "in" && words[0]?.text === "case" && !done.dynamic) {
      endCommand();
      cases.push(1);
      casePattern = true;
    }
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) commands.push({ words, line: commandLine });
    words = [];
  };
  /** The index just past the `)` that closes the `(` at `open`, quotes and nesting respected. */
  const closing = (/** @type {number} */ open) => {
    let depth = 0;
    for (let j = open; j < src.length; j++) {
      const c = src[j];
      if (c === "\\") j++;
      else if (c === "'") j = src.indexOf("'", j + 1);
      else if (c === '"') j = skipDouble(src, j);
      else if (c === "(") depth++;
      else if (c === ")" && --depth === 0) return j + 1;
      if (j < 0) break;
    }
    throw new Error(`line ${line}: no ")" closes the "(" opened here`);
  };
  /** `$( )` or backquotes: its commands join the list; the word becomes dynamic. */
  const substitution = (/** @type {string} */ inner) => {
    const nested = simpleCommands(inner, line);
    commands.push(...nested.commands);
    for (const name of nested.functions) functions.add(name);
    startWord().dynamic = true;
    line += (inner.match(/\n/g) ?? []).length;
  };
  /** Reads `$…` at i (i on the `$`); returns the index after it. */
  const dollar = () => {
    const w = startWord();
    if (src.startsWith("$((", i)) {
      const end = src.indexOf("))", i);
      w.text += src.slice(i, end + 2);
      w.dynamic = true;
      return end + 2;
    }
    if (src[i + 1] === "(") {
      const end = closing(i + 1);
      substitution(src.slice(i + 2, end - 1));
      w.text += "$(…)";
      return end;
    }
    if (src[i + 1] === "{") {
      // ${…}, which may hold another: ${a:+ (${b[*]})}.
      let depth = 0;
      let end = i + 1;
      for (; end < src.length; end++) {
        if (src[end] === "{") depth++;
        else if (src[end] === "}" && --depth === 0) break;
      }
      w.text += src.slice(i, end + 1);
      w.dynamic = true;
      return end + 1;
    }
    const name = /^\$([A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])/.exec(src.slice(i));
    if (!name) {
      w.text += "$";
      return i + 1;
    }
    w.text += name[0];
    w.dynamic = true;
    return i + name[0].length;
  };

  while (i < src.length) {
    const c = src[i];
    if (casePattern) {
      // A case pattern (`a|b)`) or `esac`: neither is a command.
      const rest = /^[\s;]*/.exec(src.slice(i))?.[0] ?? "";
      line += (rest.match(/\n/g) ?? []).length;
      i += rest.length;
      if (/^esac\b/.test(src.slice(i))) {
        cases.pop();
        casePattern = false;
        i += 4;
        continue;
      }
      if (src[i] === "(") i++;
      while (i < src.length && src[i] !== ")") {
        if (src[i] === "'") i = src.indexOf("'", i + 1);
        else if (src[i] === '"') i = skipDouble(src, i);
        i++;
      }
      i++;
      casePattern = false;
      continue;
    }
    if (!word && words.every((w) => KEYWORDS.has(w.text)) && /^(\[\[|\(\()\s/.test(src.slice(i, i + 3))) {
      // [[ … ]] and (( … )): a test and arithmetic, whose |, <, ( are no operators.
      const close = src[i] === "[" ? /\s\]\](?=[\s;&|)]|$)/g : /\)\)/g;
      close.lastIndex = i + 2;
      const end = close.exec(src);
      if (!end) throw new Error(`line ${line}: no end to the ${src.slice(i, i + 2)} opened here`);
      const inside = src.slice(i, end.index + end[0].length);
      if (words.length === 0) commandLine = line;
      words.push({ text: inside.slice(0, 2), dynamic: false });
      line += (inside.match(/\n/g) ?? []).length;
      i = end.index + end[0].length;
      continue;
    }
    if (c === "\\" && src[i + 1] === "\n") {
      line++;
      i += 2;
    } else if (c === "\\") {
      startWord().text += src[i + 1] ?? "";
      i += 2;
    } else if (c === "\n") {
      endCommand();
      line++;
      i++;
      // Here-document bodies are text, not commands.
      for (const delimiter of heredocs.splice(0)) {
        for (;;) {
          const end = src.indexOf("\n", i);
          const body = src.slice(i, end < 0 ? src.length : end);
          i = end < 0 ? src.length : end + 1;
          line++;
          if (body.replace(/^\t+/, "") === delimiter || end < 0) break;
        }
      }
    } else if (c === " " || c === "\t") {
      endWord();
      i++;
    } else if (c === "#" && !word) {
      const end = src.indexOf("\n", i);
      i = end < 0 ? src.length : end;
    } else if (c === "'") {
      const end = src.indexOf("'", i + 1);
      if (end < 0) throw new Error(`line ${line}: unclosed single quote`);
      const text = src.slice(i + 1, end);
      startWord().text += text;
      line += (text.match(/\n/g) ?? []).length;
      i = end + 1;
    } else if (c === '"') {
      const w = startWord();
      i++;
      while (i < src.length && src[i] !== '"') {
        if (src[i] === "\\") {
          w.text += src[i + 1] ?? "";
          i += 2;
        } else if (src[i] === "$") {
          i = dollar();
        } else if (src[i] === "`") {
          const end = src.indexOf("`", i + 1);
          substitution(src.slice(i + 1, end));
          i = end + 1;
        } else {
          if (src[i] === "\n") line++;
          w.text += src[i];
          i++;
        }
      }
      i++;
    } else if (c === "$") {
      i = dollar();
    } else if (c === "`") {
      const end = src.indexOf("`", i + 1);
      substitution(src.slice(i + 1, end));
      i = end + 1;
    } else if (c === ";" || c === "&" || c === "|") {
      const op = /^(;;&|;;|;&|&&|\|\||\|&|[;&|])/.exec(src.slice(i))?.[0] ?? c;
      endCommand();
      i += op.length;
      if (op.startsWith(";;") || op === ";&") casePattern = cases.length > 0;
    } else if (c === "<" || c === ">") {
      if (word && /^\d+$/.test(word.text)) word = null; // an fd number, as in 2>/dev/null
      endWord();
      const op = /^(<<-|<<<|<<|<\(|>\(|[<>]&|>>|&>|[<>]\|?)/.exec(src.slice(i))?.[0] ?? c;
      if (op === "<(" || op === ">(") {
        const end = closing(i + 1);
        substitution(src.slice(i + 2, end - 1));
        endWord();
        i = end;
        continue;
      }
      i += op.length;
      if (op === "<<" || op === "<<-") {
        const spec = /^\s*(['"]?)([^\s'";|&<>]+)\1/.exec(src.slice(i));
        if (!spec) throw new Error(`line ${line}: a here-document without a delimiter`);
        heredocs.push(spec[2]);
        i += spec[0].length;
      } else {
        dropNextWord = true;
      }
    } else if (c === "(") {
      if (word && /^[A-Za-z_][A-Za-z0-9_]*\+?=$/.test(word.text)) {
        // An array assignment, name=(…): its items are words, not commands.
        const end = closing(i);
        const items = src.slice(i, end);
        word.text += items;
        line += (items.match(/\n/g) ?? []).length;
        i = end;
        continue;
      }
      endWord();
      const definition = /^\(\s*\)/.exec(src.slice(i));
      if (definition && words.length === 1) {
        functions.add(words[0].text);
        words = [];
        i += definition[0].length;
      } else {
        endCommand(); // a subshell
        i++;
      }
    } else if (c === ")") {
      endCommand();
      i++;
    } else {
      startWord().text += c;
      i++;
    }
  }
  endCommand();
  return { commands, functions };
}

/** @param {string} src @param {number} at the opening quote @returns {number} the closing one */
function skipDouble(src, at) {
  let j = at + 1;
  while (j < src.length && src[j] !== '"') j += src[j] === "\\" ? 2 : 1;
  return j;
}

/**
 * The external commands one simple command runs: its command word, and the commands that
 * wrappers, `sh -c '…'`, `trap '…'` and `command -v` name.
 * @param {Word[]} words @param {Set<string>} functions @param {number} line
 * @returns {{ name: string, line: number }[]}
 */
function namesIn(words, functions, line) {
  /** @type {{ name: string, line: number }[]} */
  const found = [];
  let i = 0;
  const inner = (/** @type {string} */ src) => {
    const parsed = simpleCommands(src, line);
    const known = new Set([...functions, ...parsed.functions]);
    for (const command of parsed.commands) found.push(...namesIn(command.words, known, line));
  };
  for (;;) {
    while (words[i] && /^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/.test(words[i].text)) i++; // assignments
    const word = words[i];
    if (!word) return found;
    const text = word.text;
    if (KEYWORDS.has(text)) {
      i++;
      continue;
    }
    // `for x in …`, `case … in`, `[[ … ]]`, `(( … ))`, `function f`: no command to run here.
    if (["for", "select", "case", "[[", "function"].includes(text) || text.startsWith("((")) return found;
    if (text === "command" && words[i + 1]?.text === "-v") {
      for (const named of words.slice(i + 2)) if (!named.dynamic) found.push({ name: named.text, line });
      return found;
    }
    if (text === "trap") {
      if (words[i + 1]) inner(words[i + 1].text);
      return found;
    }
    const builtin = BUILTINS.has(text) || text === "exec" || text === "command";
    if (builtin && !WRAPPERS[text]) return found;
    // An installed program: a plain name that is no builtin or function here, or an absolute path.
    // A relative path is a file of the repository; a word with an expansion is unknown.
    const external =
      !word.dynamic &&
      (text.includes("/") ? text.startsWith("/") : !builtin && !functions.has(text) && !WRAPPERS[text]?.own);
    if (external) found.push({ name: text, line });
    // A wrapper by name; a script of the repository (even as "$root/.ci/with-keychain") by its file name.
    const wrapper = WRAPPERS[text] ?? (external ? undefined : WRAPPERS[basename(text)]);
    if (external && SHELLS.has(basename(text))) {
      // bash -c 'SOURCE', or bash SCRIPT ARGS (a wrapper script passes ARGS on as a command).
      i++;
      while (words[i]?.text.startsWith("-") && words[i].text !== "-c") i++;
      if (words[i]?.text === "-c") {
        if (words[i + 1]) inner(words[i + 1].text);
        return found;
      }
      if (!words[i] || !WRAPPERS[basename(words[i].text)]) return found;
      i++;
      continue;
    }
    if (!wrapper) return found;
    i++;
    if (wrapper.until) {
      while (words[i] && words[i].text !== wrapper.until) i++;
      i++;
      continue;
    }
    while (words[i]?.text.startsWith("-")) i += (wrapper.withArg ?? []).includes(words[i].text) ? 2 : 1;
    i += wrapper.skip ?? 0;
  }
}

/**
 * The external commands a bash script runs, each with the line it is on.
 * @param {string} src @returns {{ name: string, line: number }[]}
 */
export function shellCommands(src) {
  const { commands, functions } = simpleCommands(src);
  return commands.flatMap((command) => namesIn(command.words, functions, command.line));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const file of process.argv.slice(2)) {
    for (const { name, line } of shellCommands(readFileSync(file, "utf8"))) console.log(`${file}:${line}\t${name}`);
  }
}
