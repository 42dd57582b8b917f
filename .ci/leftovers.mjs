// Fails when a step of .ci/test left a process running.
//
//   node .ci/leftovers.mjs PID "STEP NAME"
//
// PID is .ci/test's own shell, which exports LODE_CI_RUN=PID. A process a step left behind
// carries that variable (it was started from the run, and inherited it) yet is no longer PID's
// descendant (its background jobs are, and a later step waits for them): a program whose parent
// ended before it did is handed to init or to a reaper outside PID's tree. Such a process gets
// 3 s to end on its own (gnome-keyring ends when its D-Bus session does, a little after); then
// it is named and the run fails. Nothing is killed. Linux only: it reads /proc.
import { readFileSync, readdirSync } from "node:fs";

const [shellArg, step = "the last step"] = process.argv.slice(2);
const shell = Number(shellArg);
if (!Number.isInteger(shell) || shell <= 0) {
  console.error("usage: node .ci/leftovers.mjs PID \"STEP NAME\"");
  process.exit(2);
}
const marker = `LODE_CI_RUN=${shell}`;

/** pid → { state, ppid, started, ours, command } of every process now. */
function processes() {
  const all = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // The command name in parentheses may hold spaces and parentheses: fields follow the last ')'.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const command = readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
      const ours = readFileSync(`/proc/${name}/environ`, "utf8").split("\0").includes(marker);
      // Fields 3, 4 and 22 of proc(5): state, parent, start time (ticks after boot).
      all.set(Number(name), {
        state: fields[0], ppid: Number(fields[1]), started: Number(fields[19]), ours, command,
      });
    } catch {
      // Ended while being read.
    }
  }
  return all;
}

function leftovers() {
  const all = processes();
  const me = all.get(shell);
  if (!me) return [];
  const isDescendant = (pid) => {
    const seen = new Set();
    for (let at = pid; at > 0 && all.has(at) && !seen.has(at); at = all.get(at).ppid) {
      if (at === shell) return true;
      seen.add(at);
    }
    return false;
  };
  return [...all]
    .filter(([pid, p]) => p.ours && p.started >= me.started && p.state !== "Z" && !isDescendant(pid))
    .map(([pid, p]) => ({ pid, command: p.command }));
}

let left = leftovers();
for (let waited = 0; left.length > 0 && waited < 3000; waited += 100) {
  await new Promise((done) => setTimeout(done, 100));
  left = leftovers();
}
if (left.length > 0) {
  console.error(`\n${step}: left ${left.length} process(es) running; each test must end what it starts:`);
  for (const { pid, command } of left) {
    console.error(`  ${pid}  ${command.slice(0, 200)}`);
  }
  process.exit(1);
}
