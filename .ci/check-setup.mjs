// @ts-check
/**
 * Checks, in a second and offline, that `.ci/setup` installs every program the steps and the
 * tests call — so a fresh machine does not fail (or hang) at the one step that needs it.
 *
 * The programs are found in the scripts' text: the commands of the bash scripts (those in .ci/
 * and the .sh files under tests/, read by ./shell-commands.mjs), and the literal commands and
 * /usr/bin paths that the JavaScript, Python and Rust tests start (spawn("x"), execFileSync("x"),
 * subprocess.run(["x", …]), Command::new("x"), command: "x"). Each must have a row in TABLE below, and the row's Debian package must be in
 * `bash .ci/setup --list test` (`--list app` for the scripts that run `.ci/setup app`). Where
 * the program is installed, `dpkg -S` must agree with the row. Every package setup installs must
 * have a row too, so the list says why it holds each one.
 *
 *   node .ci/check-setup.mjs [--verbose]     exit 1 on any failure; --verbose lists every program
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { shellCommands } from "./shell-commands.mjs";

/**
 * Every program the steps call, and what provides it. Reviewed by hand; a program new to the
 * scripts fails the check until it has a row. The provider is a Debian package, or:
 *   @base   on every Debian system (Essential, or Priority required): never installed
 *   @rust   rustup's toolchain, which the README asks for
 *   @node   Node.js 20+ with npm, which the README asks for
 *   @cargo  `cargo install`ed by .ci/setup
 *   @lode   Lode's own programs: built by cargo, or installed by the package under test
 * A row whose program is "-" names a package that nothing calls by name (a library, fonts).
 */
const TABLE = `
# program                   provider              why, when nothing calls it by name
/usr/bin/chromium           chromium
/usr/bin/WebKitWebDriver    webkit2gtk-driver
xvfb-run                    xvfb
xauth                       xauth                 xvfb-run runs it
import                      imagemagick
xclip                       xclip
dbus-run-session            dbus
gnome-keyring-daemon        gnome-keyring
dbus-launch                 dbus-x11              GLib may autolaunch a D-Bus session with it (the real window under Xvfb)
python3                     python3
-                           python3-venv          python3 -m venv (.ci/setup)
-                           fonts-noto-cjk        the Chinese screenshots
git                         git
pgrep                       procps
kill                        procps                the hostile-server and child-lifetime tests signal processes
desktop-file-validate       desktop-file-utils
rpm                         rpm                   rpm -qp inspects the built .rpm
sudo                        sudo                  tauri-plugin-updater's installer falls back to it as root
gio                         libglib2.0-bin
-                           libwebkit2gtk-4.1-dev the WebKitGTK the app builds against
-                           librsvg2-dev          Tauri's Linux prerequisites (icons)
-                           build-essential       the C compiler and linker cargo needs
-                           pkg-config            how the -sys crates find GTK and WebKit
-                           curl                  Tauri's Linux prerequisites
file                        file                  Tauri's Linux prerequisites
-                           ca-certificates       HTTPS for crates, npm and pip on a minimal image
apt-get                     @base
awk                         @base
bash                        @base
cat                         @base
chmod                       @base
cmp                         @base
cp                          @base
cut                         @base
diff                        @base
dirname                     @base
dpkg                        @base
dpkg-deb                    @base
dpkg-query                  @base
du                          @base
env                         @base
find                        @base
grep                        @base
head                        @base
id                          @base
ldd                         @base
ls                          @base
mkdir                       @base
mktemp                      @base
readlink                    @base
realpath                    @base
rm                          @base
script                      @base
sed                         @base
seq                         @base
sh                          @base
sleep                       @base
sort                        @base
tail                        @base
tee                         @base
timeout                     @base
touch                       @base
true                        @base
cargo                       @rust
rustc                       @rust
rustup                      @rust
clippy-driver               @rust
node                        @node
npm                         @node
npx                         @node
tauri-driver                @cargo
lode-demo-server            @lode
/usr/bin/lode               @lode
`;

/** Scripts that run `.ci/setup app`: what they call must be in the app scope. */
const APP_SCOPE = new Set([".ci/demo", ".ci/package"]);
/** Where dpkg puts programs; a program elsewhere (/usr/local, ~/.cargo) is not a package's. */
const SYSTEM_DIRS = ["/usr/bin", "/bin", "/usr/sbin", "/sbin"];
/** This check's own files: they call only bash and dpkg, and the test holds sample scripts. */
const OWN_FILES = new Set([".ci/check-setup.mjs", ".ci/shell-commands.mjs", ".ci/shell-commands.test.mjs"]);
/** Never scanned: dependencies, build output, virtual environments, test artifacts. */
const SKIP_DIRS = new Set(["node_modules", "target", ".git", "dist", "artifacts", "e2e-artifacts"]);

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const verbose = process.argv.includes("--verbose");

// ---------------------------------------------------------------------------------------------
// What the scripts call
// ---------------------------------------------------------------------------------------------

/** @param {string} dir @returns {string[]} files under dir, relative to the root */
function walk(dir) {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) || entry.name.startsWith(".venv") ? [] : walk(path);
    return entry.isFile() ? [path] : [];
  });
}

/** @param {string} file @returns {"shell" | "js" | "rust" | "python" | null} */
function kindOf(file) {
  if (file.startsWith(".ci/")) {
    if (OWN_FILES.has(file)) return null;
    if (file.endsWith(".mjs")) return "js";
    const head = readFileSync(join(root, file), "utf8").slice(0, 80);
    return /^#!.*\b(ba)?sh\b/.test(head) ? "shell" : null;
  }
  if (file.endsWith(".sh")) return "shell";
  if (/\.(mjs|cjs|js|ts)$/.test(file)) return "js";
  if (file.endsWith(".rs")) return "rust";
  if (file.endsWith(".py")) return "python";
  return null;
}

/** `"x"` or `'x'` (no expansion) as the first argument of these calls, and literal /usr/bin paths. */
const JS_PATTERNS = [
  /(?<![\w.$])(?:spawn|spawnSync|execFile|execFileSync|execFileAsync)\(\s*(["'`])([^"'`$]+)\1/g,
  /(?<![\w.$])(?:exec|execSync)\(\s*(["'`])([^\s"'`$]+)/g, // a shell line: its first word
  /(["'`])(\/(?:usr\/)?s?bin\/[\w.+-]+)\1/g,
];
const RUST_PATTERNS = [
  /Command::new\(\s*()"([^"]+)"\s*\)/g,
  /\bcommand:\s*()"([^"]+)"\s*\.(?:into|to_owned|to_string)\(\)/g,
  /()"command"\s*:\s*"([^"]+)"/g, // a server configuration in JSON
  /(")(\/(?:usr\/)?s?bin\/[\w.+-]+)\1/g,
];

const PYTHON_PATTERNS = [
  /\bsubprocess\.(?:run|Popen|call|check_call|check_output)\(\s*\[\s*(["'])([^"'$]+)\1/g, // argv[0]
  /\bStdioServerParameters\(\s*command\s*=\s*(["'])([^"'$]+)\1/g,
  /(["'])(\/(?:usr\/)?s?bin\/[\w.+-]+)\1/g,
];
const PATTERNS = { js: JS_PATTERNS, rust: RUST_PATTERNS, python: PYTHON_PATTERNS };

/**
 * @param {string} text @param {RegExp[]} patterns
 * @returns {{ name: string, line: number }[]}
 */
function literalCommands(text, patterns) {
  const lineAt = (/** @type {number} */ index) => text.slice(0, index).split("\n").length;
  return patterns.flatMap((pattern) =>
    [...text.matchAll(pattern)].map((match) => ({ name: match[2], line: lineAt(match.index ?? 0) })),
  );
}

/** @typedef {{ name: string, file: string, line: number, scope: "app" | "test" }} Use */

/** @returns {{ uses: Use[], files: number }} */
function findUses() {
  const files = [...walk(".ci"), ...walk("tests"), ...walk("ui/e2e"), ...walk("src-tauri/crates")]
    .filter((file) => !file.startsWith("src-tauri/") || /\/tests\/.*\.rs$/.test(file)); // the crates' tests only
  /** @type {Use[]} */
  const uses = [];
  let scanned = 0;
  for (const file of files) {
    const kind = kindOf(file);
    if (!kind) continue;
    scanned++;
    const text = readFileSync(join(root, file), "utf8");
    let found;
    try {
      found =
        kind === "shell"
          ? shellCommands(text)
          : literalCommands(text, PATTERNS[kind]);
    } catch (error) {
      throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const scope = APP_SCOPE.has(file) ? "app" : "test";
    for (const { name, line } of found) {
      // A relative path is a file of the repository, not a package's.
      if (name.includes("/") && !name.startsWith("/")) continue;
      uses.push({ name, file, line, scope });
    }
  }
  return { uses, files: scanned };
}

// ---------------------------------------------------------------------------------------------
// What setup installs, and what dpkg says
// ---------------------------------------------------------------------------------------------

/** @param {string} program @param {string[]} args */
function run(program, args) {
  return spawnSync(program, args, { cwd: root, encoding: "utf8", timeout: 30_000 });
}

/** @param {"app" | "test"} scope @returns {Set<string>} */
function setupList(scope) {
  const result = run("bash", [".ci/setup", "--list", scope]);
  if (result.status !== 0) throw new Error(`bash .ci/setup --list ${scope} failed: ${result.stderr.trim()}`);
  return new Set(result.stdout.split("\n").filter(Boolean));
}

/** @param {string} name @returns {string[]} where dpkg may know the program by */
function candidatePaths(name) {
  const paths = name.startsWith("/")
    ? [name, name.replace(/^\/usr\/bin\//, "/bin/"), name.replace(/^\/bin\//, "/usr/bin/")]
    : SYSTEM_DIRS.map((dir) => `${dir}/${name}`);
  const found = [];
  for (const path of new Set(paths)) {
    if (!existsSync(path)) continue;
    found.push(path);
    const real = realpathSync(path); // alternatives: /usr/bin/import -> import-im6.q16
    if (real !== path) found.push(real);
  }
  return found;
}

/** @param {string[]} paths @returns {Map<string, string>} path -> the package dpkg says owns it */
function owners(paths) {
  const map = new Map();
  if (paths.length === 0) return map;
  const result = run("dpkg", ["-S", ...paths]); // exit 1 when some path is no package's: fine
  for (const line of result.stdout.split("\n")) {
    const at = line.indexOf(": /");
    if (at < 0 || line.startsWith("diversion ")) continue;
    const packages = line.slice(0, at).split(", ").map((p) => p.replace(/:.*$/, ""));
    map.set(line.slice(at + 2), packages[0]);
  }
  return map;
}

/**
 * @param {string[]} names
 * @returns {Map<string, { base: boolean, deps: Set<string> }>} the installed ones among names
 */
function packageFacts(names) {
  const map = new Map();
  if (names.length === 0) return map;
  const format = "${db:Status-Abbrev}\t${Package}\t${Essential}\t${Priority}\t${Depends}, ${Pre-Depends}\n";
  const result = run("dpkg-query", ["-W", `-f=${format}`, ...names]);
  for (const line of result.stdout.split("\n")) {
    const [status, name, essential, priority, depends] = line.split("\t");
    if (!status?.startsWith("ii") || !name) continue;
    const deps = new Set(
      (depends ?? "")
        .split(/[,|]/)
        .map((dep) => dep.trim().replace(/[\s(:].*$/, ""))
        .filter(Boolean),
    );
    map.set(name, { base: essential === "yes" || priority === "required", deps });
  }
  return map;
}

// ---------------------------------------------------------------------------------------------
// The check
// ---------------------------------------------------------------------------------------------

function main() {
  /** @type {Map<string, { provider: string, why: string }>} */
  const table = new Map();
  /** @type {{ program: string, provider: string, why: string }[]} */
  const packageRows = []; // the rows that name a Debian package
  for (const raw of TABLE.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const [program, provider, ...words] = line.split(/\s+/);
    const why = words.join(" ");
    if (program !== "-") table.set(program, { provider, why });
    if (!provider.startsWith("@")) packageRows.push({ program, provider, why });
  }
  const lists = { app: setupList("app"), test: setupList("test") };
  const setupText = readFileSync(join(root, ".ci/setup"), "utf8");
  const { uses, files } = findUses();

  /** @type {Map<string, Use[]>} */
  const byProgram = new Map();
  for (const use of uses) {
    const list = byProgram.get(use.name) ?? [];
    if (!list.some((seen) => seen.file === use.file && seen.line === use.line)) list.push(use);
    byProgram.set(use.name, list);
  }

  const hasDpkg = run("dpkg", ["--version"]).status === 0;
  const programs = [...new Set([...byProgram.keys(), ...table.keys()])].sort();
  const paths = new Map(programs.map((program) => [program, hasDpkg ? candidatePaths(program) : []]));
  const ownerOf = owners([...new Set([...paths.values()].flat())]);
  const ownerPackages = [...ownerOf.values()];
  const facts = packageFacts([...new Set([...ownerPackages, ...packageRows.map((row) => row.provider)])]);

  let passed = 0;
  /** @type {string[]} */
  const failures = [];
  /** @type {string[]} */
  const notes = [];
  const where = (/** @type {Use[]} */ list) =>
    list.slice(0, 3).map((use) => `${use.file}:${use.line}`).join(", ") + (list.length > 3 ? ", …" : "");

  for (const program of programs) {
    const used = byProgram.get(program) ?? [];
    const row = table.get(program);
    const owner = (paths.get(program) ?? []).map((path) => ownerOf.get(path)).find(Boolean);
    /** @type {string[]} */
    const problems = [];
    if (!row) {
      const hint = owner ? ` (dpkg says ${program} comes from ${owner})` : "";
      problems.push(
        `${program} is called at ${where(used)} but has no row in the table of .ci/check-setup.mjs${hint}: ` +
          "add one with the Debian package that provides it (and add that package to .ci/setup)",
      );
    } else if (!row.provider.startsWith("@")) {
      /** @type {("app" | "test")[]} */
      const scopes = used.length > 0 ? [...new Set(used.map((use) => use.scope))] : ["test"];
      for (const scope of scopes) {
        if (!lists[scope].has(row.provider)) {
          const at = used.length > 0 ? `called at ${where(used.filter((use) => use.scope === scope))}` : "in the table";
          problems.push(
            `${program} (${at}) comes from the Debian package ${row.provider}, ` +
              `which \`bash .ci/setup --list ${scope}\` does not install: add it to .ci/setup`,
          );
        }
      }
      const installed = facts.get(row.provider);
      if (owner && installed && owner !== row.provider && !installed.deps.has(owner)) {
        problems.push(`${program}: the table says ${row.provider}, but dpkg says ${owner} provides it here`);
      }
      if (used.length === 0) notes.push(`${program} (${row.provider}): ${row.why || "not called by name yet"}`);
    } else if (row.provider === "@base") {
      if (owner && !facts.get(owner)?.base) {
        problems.push(
          `${program}: the table says it is on every Debian system, but it comes from ${owner}, ` +
            "which is neither Essential nor of Priority required: add that package to .ci/setup and the table",
        );
      }
    } else if (row.provider === "@cargo") {
      if (!new RegExp(`cargo install ${program}\\b`).test(setupText)) {
        problems.push(`${program}: the table says .ci/setup runs \`cargo install ${program}\`, but it does not`);
      }
    } else if (!["@rust", "@node", "@lode"].includes(row.provider)) {
      problems.push(`${program}: unknown provider ${row.provider} in the table`);
    }
    if (row?.provider.startsWith("@") && used.length === 0) continue; // an unused base row costs nothing
    if (problems.length > 0) failures.push(...problems);
    else passed++;
    if (verbose && row) {
      const from = owner && owner !== row.provider ? ` (dpkg: ${owner})` : "";
      console.log(`  ${program.padEnd(26)} ${row.provider}${from}  ${used.length > 0 ? where(used) : "-"}`);
    }
  }

  // Every package setup installs says why.
  const explained = new Set(packageRows.map((row) => row.provider));
  for (const pkg of lists.test) {
    if (explained.has(pkg)) passed++;
    else failures.push(`.ci/setup installs ${pkg}, but no row of the table in .ci/check-setup.mjs says what for`);
  }
  // A package nothing calls by name is still needed for its reason: setup must install it.
  for (const row of packageRows.filter((r) => r.program === "-")) {
    if (lists.test.has(row.provider)) passed++;
    else failures.push(`${row.provider} (${row.why}) is not in \`bash .ci/setup --list test\`: add it to .ci/setup`);
  }

  for (const failure of failures) console.log(`FAIL ${failure}`);
  for (const note of notes) console.log(`note: installed, though no step calls it by name: ${note}`);
  if (!hasDpkg) console.log("note: no dpkg here: the table's packages were not compared with dpkg -S");
  console.log(
    `check-setup: ${passed} passed, ${failures.length} failed ` +
      `(${byProgram.size} programs called in ${files} files; ${lists.test.size} Debian packages in .ci/setup --list test)`,
  );
  return failures.length === 0 ? 0 : 1;
}

try {
  process.exitCode = main();
} catch (error) {
  console.log(`FAIL ${error instanceof Error ? error.message : String(error)}`);
  console.log("check-setup: 0 passed, 1 failed");
  process.exitCode = 1;
}
