//! Crash safety: a writer process killed with SIGKILL in the middle of its changes leaves a
//! database that opens, passes `PRAGMA integrity_check`, and holds exactly the state before or
//! after the change it was making — never a part of one, never without a change it had finished.
//!
//! The test re-executes its own binary with `LODE_CRASH_WRITER` set; that child runs an endless
//! sequence of changes through the public `Store` API, logging `begin N` before and `end N` after
//! each one. The parent kills it after a random delay (most often counted from the moment the
//! writer has opened the database, so that slow start-ups on a loaded machine do not swallow
//! the kills), checks the file, and starts the next writer on the same database from the change
//! after the state it found, 50 times.
//!
//! `LODE_CRASH_SEED=<n>` replays a run's random choices (the writer's speed still varies);
//! `LODE_CRASH_ITERATIONS=<n>` changes the count.
#![cfg(unix)]

use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use lode_core::{ConnectionId, TransportSpec};
use lode_store::Store;

/// The test's own name: the filter the child is started with.
const TEST_NAME: &str = "a_writer_killed_mid_change_leaves_the_old_or_the_new_state";

/// [`TEST_NAME`] as the test harness knows it: its path below the crate root.
fn test_path() -> String {
    let module = module_path!().split_once("::").map_or("", |(_, path)| path);
    format!("{module}::{TEST_NAME}")
}
/// In the child: the database to write.
const WRITER_ENV: &str = "LODE_CRASH_WRITER";
/// In the child: the number of its first change.
const START_ENV: &str = "LODE_CRASH_START";
/// In the child: the progress log it appends to.
const LOG_ENV: &str = "LODE_CRASH_LOG";

const ITERATIONS: usize = 50;
/// One kill in this many lands at a random time after the start, so it may hit start-up or
/// `Store::open` (and, in the first iteration, the migrations)...
const KILL_EARLY_ONE_IN: u64 = 5;
/// ...this long after the writer was started;
const EARLY_DELAY_MS: std::ops::RangeInclusive<u64> = 0..=12;
/// the others this long after the writer has opened the database, so they land among its
/// changes even when a loaded machine makes start-up slow.
const DELAY_MS: std::ops::RangeInclusive<u64> = 0..=40;
/// Connections per inserted batch.
const BATCH: usize = 12;

#[test]
fn a_writer_killed_mid_change_leaves_the_old_or_the_new_state() {
    if let Some(db) = std::env::var_os(WRITER_ENV) {
        run_writer(Path::new(&db));
    }
    let seed = std::env::var("LODE_CRASH_SEED")
        .ok()
        .map(|s| s.parse::<u64>().expect("LODE_CRASH_SEED is a number"))
        .unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .expect("the clock is after 1970")
                .as_nanos() as u64
        });
    let iterations = std::env::var("LODE_CRASH_ITERATIONS")
        .ok()
        .map(|s| {
            s.parse::<usize>()
                .expect("LODE_CRASH_ITERATIONS is a number")
        })
        .unwrap_or(ITERATIONS);
    eprintln!("crash safety: seed {seed} (replay with LODE_CRASH_SEED={seed})");
    let mut rng = SplitMix64(seed);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("lode.db");
    let exe = std::env::current_exe().expect("the test binary's path");
    let started = Instant::now();
    let mut next = 1; // the first change the next writer makes
    let mut tally = Tally::default();
    let mut replay = Replay::default();
    let mut _held: Option<Store> = None;
    for iteration in 0..iterations {
        let context = format!("iteration {iteration}, seed {seed}");
        let log = dir.path().join(format!("progress-{iteration}.log"));
        let stderr_path = dir.path().join(format!("writer-{iteration}.stderr"));
        let stderr = File::create(&stderr_path).expect("the writer's stderr file");
        let mut child = Command::new(&exe)
            .args([&test_path(), "--exact", "--nocapture", "--test-threads=1"])
            .env(WRITER_ENV, &db)
            .env(START_ENV, next.to_string())
            .env(LOG_ENV, &log)
            .env_remove("RUST_BACKTRACE")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(stderr)
            .spawn()
            .expect("start the writer");
        let early = rng.in_range(1..=KILL_EARLY_ONE_IN) == 1;
        let delay = rng.in_range(if early { EARLY_DELAY_MS } else { DELAY_MS });
        if !early {
            wait_until_open(&log, &mut child, &stderr_path, &context);
        }
        std::thread::sleep(Duration::from_millis(delay));
        if let Some(status) = child.try_wait().expect("poll the writer") {
            panic!(
                "{context}: the writer stopped by itself ({status}) before it was killed:\n{}",
                fs::read_to_string(&stderr_path).unwrap_or_default()
            );
        }
        // `Child::kill` is SIGKILL on Unix: no destructor, no SQLite cleanup runs.
        child.kill().expect("kill the writer");
        child.wait().expect("reap the writer");

        let progress = Progress::read(&log);
        let store = Store::open(&db)
            .unwrap_or_else(|e| panic!("{context}: the database does not open: {e:?}"));
        let check = store.integrity_check().expect("run the integrity check");
        assert_eq!(check, "ok", "{context}: integrity check");
        let found = saved_state(&store, &context);
        // In the first half the parent closes the database before the next writer starts, so
        // each writer starts alone and each check recovers a hot WAL with no other connection.
        // In the second half the parent's connection stays open meanwhile (as the app's would
        // while `lode` writes from a terminal): no last close resets the WAL, so it grows across
        // writers until their automatic checkpoints (every 1000 pages) run, under the kills too.
        _held = (iteration >= iterations / 2).then_some(store);

        match progress.begun {
            None => {
                assert!(
                    found == replay.state_after(next - 1),
                    "{context}: killed before its first change, yet the \
                     connections changed since change {}: {}",
                    next - 1,
                    difference(&replay.state_after(next - 1), &found)
                );
                tally.before_first_change += 1;
            }
            Some(n) => {
                let finished = progress.ended == Some(n);
                let old = replay.state_after(n - 1);
                let mut new = old.clone();
                apply(&mut new, change(n));
                if found == new {
                    if finished {
                        tally.between_changes += 1;
                    } else {
                        tally.committed_unlogged += 1;
                    }
                    next = n + 1;
                } else {
                    assert!(
                        !finished,
                        "{context}: change {n} ({}) had finished, but the database lost it: {}",
                        kind(n),
                        difference(&new, &found)
                    );
                    assert!(
                        found == old,
                        "{context}: killed during change {n} ({}); the database holds \
                         neither the state before it nor after it.\n against before: {}\n \
                         against after: {}",
                        kind(n),
                        difference(&old, &found),
                        difference(&new, &found)
                    );
                    tally.mid_change_old_state += 1;
                    *tally.mid_change_by_kind.entry(kind(n)).or_default() += 1;
                    next = n;
                }
            }
        }
        tally.changes_committed = next - 1;
    }
    eprintln!(
        "crash safety: {iterations} kills in {:.1} s; {tally:?}",
        started.elapsed().as_secs_f64()
    );
    assert!(
        iterations < 10 || tally.mid_change_old_state + tally.committed_unlogged > 0,
        "no kill landed inside a change: the test proves nothing ({tally:?}, seed {seed})"
    );
}

#[derive(Debug, Default)]
struct Tally {
    /// Killed while starting up or opening the database.
    before_first_change: usize,
    /// Killed inside change N before its commit: the database holds the state before it.
    mid_change_old_state: usize,
    /// The same, by kind of change.
    mid_change_by_kind: BTreeMap<&'static str, usize>,
    /// Killed after change N committed but before the writer logged its end.
    committed_unlogged: usize,
    /// Killed between two changes.
    between_changes: usize,
    /// Changes made over the whole run.
    changes_committed: u64,
}

/// One change, made by one `Store` call.
#[derive(Debug)]
enum Change {
    /// Several connections in one transaction.
    Insert(Vec<(String, TransportSpec)>),
    Rename {
        from: String,
        to: String,
    },
    Retarget {
        name: String,
        transport: TransportSpec,
    },
    /// Several connections in one transaction.
    Delete(Vec<String>),
}

/// Change `n` (from 1) of the endless sequence: in cycles of four, insert a batch, rename one of
/// it, point another elsewhere, and delete the batch inserted two cycles earlier.
fn change(n: u64) -> Change {
    let m = n - 1;
    let batch = m / 4;
    match m % 4 {
        0 => Change::Insert(
            (0..BATCH)
                .map(|i| (item_name(batch, i), transport(n, i)))
                .collect(),
        ),
        1 => Change::Rename {
            from: item_name(batch, 0),
            to: renamed(batch),
        },
        2 => Change::Retarget {
            name: item_name(batch, 1),
            transport: TransportSpec::http(format!("http://127.0.0.1:9/moved/{n}")),
        },
        _ => Change::Delete(match batch.checked_sub(2) {
            None => Vec::new(),
            Some(old) => std::iter::once(renamed(old))
                .chain((1..BATCH).map(|i| item_name(old, i)))
                .collect(),
        }),
    }
}

fn kind(n: u64) -> &'static str {
    match change(n) {
        Change::Insert(_) => "insert batch",
        Change::Rename { .. } => "rename",
        Change::Retarget { .. } => "retarget",
        Change::Delete(_) => "delete batch",
    }
}

fn item_name(batch: u64, i: usize) -> String {
    format!("batch {batch} item {i:02}")
}

fn renamed(batch: u64) -> String {
    format!("Batch {batch} renamed")
}

fn transport(n: u64, i: usize) -> TransportSpec {
    if i.is_multiple_of(2) {
        TransportSpec::Stdio {
            command: format!("server-{n}"),
            args: vec!["--item".to_owned(), i.to_string()],
            env: BTreeMap::from([("LODE_CHANGE".to_owned(), n.to_string())]),
            cwd: None,
        }
    } else {
        TransportSpec::http(format!("http://127.0.0.1:9/{n}/{i}"))
    }
}

/// The connections (name -> transport) after changes 1..=n, a pure function of `n`, computed by
/// replaying the sequence on a map. The run only moves forward, so the replay is kept.
#[derive(Default)]
struct Replay {
    n: u64,
    state: BTreeMap<String, TransportSpec>,
}

impl Replay {
    fn state_after(&mut self, n: u64) -> BTreeMap<String, TransportSpec> {
        assert!(n >= self.n, "the replay only moves forward");
        while self.n < n {
            self.n += 1;
            apply(&mut self.state, change(self.n));
        }
        self.state.clone()
    }
}

fn apply(state: &mut BTreeMap<String, TransportSpec>, change: Change) {
    match change {
        Change::Insert(entries) => state.extend(entries),
        Change::Rename { from, to } => {
            let transport = state.remove(&from).expect("the model renames what exists");
            state.insert(to, transport);
        }
        Change::Retarget { name, transport } => {
            *state
                .get_mut(&name)
                .expect("the model retargets what exists") = transport;
        }
        Change::Delete(names) => {
            for name in names {
                state.remove(&name).expect("the model deletes what exists");
            }
        }
    }
}

/// The saved connections as name -> transport, after checking that ids and names are unique.
fn saved_state(store: &Store, context: &str) -> BTreeMap<String, TransportSpec> {
    let rows = store
        .list_connections()
        .unwrap_or_else(|e| panic!("{context}: the connections do not read: {e:?}"));
    let mut ids: Vec<ConnectionId> = rows.iter().map(|c| c.id).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), rows.len(), "{context}: repeated ids");
    let count = rows.len();
    let state: BTreeMap<_, _> = rows.into_iter().map(|c| (c.name, c.transport)).collect();
    assert_eq!(state.len(), count, "{context}: repeated names");
    state
}

/// How `found` differs from `expected`, by name.
fn difference(
    expected: &BTreeMap<String, TransportSpec>,
    found: &BTreeMap<String, TransportSpec>,
) -> String {
    let missing: Vec<&String> = expected
        .keys()
        .filter(|k| !found.contains_key(*k))
        .collect();
    let unexpected: Vec<&String> = found
        .keys()
        .filter(|k| !expected.contains_key(*k))
        .collect();
    let retargeted: Vec<&String> = found
        .iter()
        .filter(|(k, t)| expected.get(*k).is_some_and(|e| e != *t))
        .map(|(k, _)| k)
        .collect();
    format!("missing {missing:?}, unexpected {unexpected:?}, other transport {retargeted:?}")
}

/// Waits (up to a minute) for the writer to log that it has opened the database.
fn wait_until_open(log: &Path, child: &mut Child, stderr: &Path, context: &str) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !fs::read_to_string(log).is_ok_and(|text| text.starts_with("open\n")) {
        if let Some(status) = child.try_wait().expect("poll the writer") {
            panic!(
                "{context}: the writer stopped ({status}) before opening the database:\n{}",
                fs::read_to_string(stderr).unwrap_or_default()
            );
        }
        assert!(
            Instant::now() < deadline,
            "{context}: the writer did not open the database within a minute"
        );
        std::thread::sleep(Duration::from_micros(500));
    }
}

/// What the killed writer had logged (only whole lines count: a torn line was never written).
#[derive(Debug, Default)]
struct Progress {
    begun: Option<u64>,
    ended: Option<u64>,
}

impl Progress {
    fn read(log: &Path) -> Self {
        let text = fs::read_to_string(log).unwrap_or_default();
        let mut progress = Self::default();
        let whole = text.rfind('\n').map_or("", |end| &text[..end]);
        for line in whole.lines() {
            if let Some(n) = line.strip_prefix("begin ") {
                progress.begun = Some(n.parse().expect("a change number"));
            } else if let Some(n) = line.strip_prefix("end ") {
                progress.ended = Some(n.parse().expect("a change number"));
            }
        }
        progress
    }
}

/// The child: makes changes from `LODE_CRASH_START` on, forever, until it is killed.
fn run_writer(db: &Path) -> ! {
    let start: u64 = std::env::var(START_ENV)
        .expect("LODE_CRASH_START is set")
        .parse()
        .expect("LODE_CRASH_START is a number");
    let log_path = PathBuf::from(std::env::var_os(LOG_ENV).expect("LODE_CRASH_LOG is set"));
    // Each line is one write(2) to a file opened for appending; the kernel keeps it when the
    // process dies, so no fsync is needed (the machine does not crash, only the process).
    let mut log = OpenOptions::new()
        .create(true)
        .append(true)
        .open(log_path)
        .expect("open the progress log");
    let store = Store::open(db).expect("the writer opens the database");
    let mut write_line = |line: String| {
        log.write_all(line.as_bytes())
            .expect("write the progress log");
    };
    write_line("open\n".to_owned());
    for n in start.. {
        let change = change(n);
        // Look ids up before logging the start, so the logged window is the write itself.
        let id = |name: &str| -> ConnectionId {
            store
                .find_connection_by_name(name)
                .expect("look a connection up")
                .unwrap_or_else(|| panic!("change {n}: no connection named {name:?}"))
                .id
        };
        let ids: Vec<ConnectionId> = match &change {
            Change::Insert(_) => Vec::new(),
            Change::Rename { from: name, .. } | Change::Retarget { name, .. } => vec![id(name)],
            Change::Delete(names) => names.iter().map(|name| id(name)).collect(),
        };
        write_line(format!("begin {n}\n"));
        match change {
            Change::Insert(entries) => {
                store.insert_connections(&entries).expect("insert a batch");
            }
            Change::Rename { to, .. } => store.rename_connection(ids[0], &to).expect("rename"),
            Change::Retarget { transport, .. } => {
                store
                    .update_transport(ids[0], &transport)
                    .expect("retarget");
            }
            Change::Delete(names) => {
                let deleted = store.delete_connections(&ids).expect("delete a batch");
                assert_eq!(deleted, names.len(), "change {n}: deleted count");
            }
        }
        write_line(format!("end {n}\n"));
    }
    unreachable!("the change sequence is endless")
}

/// A small seeded generator (SplitMix64), so a failing run's delays can be replayed.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn in_range(&mut self, range: std::ops::RangeInclusive<u64>) -> u64 {
        range.start() + self.next() % (range.end() - range.start() + 1)
    }
}
