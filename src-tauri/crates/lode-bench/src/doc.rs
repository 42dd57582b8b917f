//! docs/benchmark.md: the table with the machine and command it came from, and how to read it.

use crate::machine::Machine;

pub fn document(table: &str, machine: &Machine, command: &str, runs: usize) -> String {
    format!(
        "# Benchmark: Lode's client against the TypeScript SDK client\n\
         \n\
         <!-- Written by lode-bench; re-run the command below instead of editing by hand. -->\n\
         \n\
         - Date: {date}\n\
         - Machine: `{system}`, {cpu}, {cores} cores (load average at the start: {load})\n\
         - Lode: `{revision}`; {rustc}; node {node}\n\
         - Command: `{command}` (medians of {runs} runs per client, the three clients taking turns)\n\
         \n\
         {table}\n\
         {NOTES}",
        date = machine.date,
        system = machine.system,
        cpu = machine.cpu,
        cores = machine.cores,
        load = machine.load,
        rustc = machine.rustc,
        node = machine.node,
        revision = machine.revision,
    )
}

const NOTES: &str = "\
How to read it:

- All three clients talk to the same bench server (`bench/peer/bench_server.mjs`, built on the official
  TypeScript SDK) and time themselves: *op* is the listing (every page, following `nextCursor`) or the
  read, after connecting; on the connect rows it is the connect itself (over stdio that includes
  starting the server). Times are in ms. A ratio is Lode's time over the other client's: below 1,
  Lode is faster.
- The floor (`lode-bench-floor`) does the same operations with the least possible machinery: raw
  JSON-RPC lines over the pipe or plain POSTs, each response parsed once with serde into owned, typed
  resources. It is the lower bound for a real client, which must also handle everything the floor
  ignores (timeouts, size limits, odd servers, cancellation, server requests); Lode/floor is the price
  of doing so.
- On the connect rows Lode does one round trip more than the floor, which only sends `initialize`:
  it first asks `server/discover` (the 2026-07-28 handshake) and falls back to `initialize` when the
  server is older, as the bench server is. The node server answers that first request from cold code:
  ~30 ms over stdio, ~3 ms over HTTP.
- Peak RSS is each client process's own peak resident memory in MiB (`getrusage` for Lode and the
  floor, `process.resourceUsage()` for node); the servers are not counted. *Lode MB above data* is
  Lode's peak RSS minus the data it returned: the heap its result occupies while held (glibc's
  `mallinfo2` before and after the operation, allocator overhead included). It is what the client
  costs beyond the data itself: the process (about 8 MB connected), buffers and transient copies.
- The peer is `@modelcontextprotocol/sdk` 1.32.2 (pinned in `bench/peer/package-lock.json`). Its stdio
  client refuses messages over 10 MiB by default; where it fails, the row says so and gives its
  figures with the buffer lifted to 64 MiB (`--maxbuf 67108864`).
- Over Streamable HTTP each scenario has one server, reused by every run and warmed by one untimed
  run, so no client pays for the server building its large contents.
- Every client runs with only `HOME`, `LOGNAME`, `PATH`, `SHELL`, `TERM` and `USER` from the
  environment, what the TS SDK passes to the servers it starts, so all stdio servers start alike
  (Lode passes its whole environment on; a variable like `NODE_EXTRA_CA_CERTS` slows every node
  start by tens of milliseconds).
- A run that takes over 120 s is reported as a timeout. The machines are shared and noisy: compare
  the ratios of one table, not figures across tables.

Re-run (from the repository root):

    npm ci --prefix bench/peer
    cargo run --release -p lode-bench -- --write docs/benchmark.md
";
