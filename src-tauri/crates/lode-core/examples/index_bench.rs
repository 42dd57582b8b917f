//! Measures the resource index (issue 5) and prints figures; asserts nothing.
//!
//!     cargo run --release -p lode-core --example index_bench [-- N]
//!
//! Resources from three servers, shaped like real listings (file paths, tables, notes), with
//! every annotation. Prints: indexing time; the index's memory per resource beyond the strings
//! of the items (that includes the copy of the searchable text the index keeps contiguous, at
//! most 1 KiB per field); ordering once listed; search per keystroke (median, p95, max) while
//! typing six queries (`INDEX_BENCH_VERBOSE=1` prints each keystroke); the context hub's
//! `ranked` against `query` on whole queries (issue 30); a sort change, first
//! after a change of the index and then again; a window of 100 rows; the tree (build, window,
//! and the tree of a search); the facets of a question (none, a search, a filtered search).
//!
//! The machine's load inflates every figure: compare medians of several runs.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};
use std::time::{Duration, Instant};

use lode_core::index::{Filters, Query, ResourceIndex, SortKey, TreeQuery};
use lode_core::resource::{Annotations, ResourceItem, Role};

/// Counts live heap bytes, to measure what the index holds.
struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_add(
            new_size as isize - layout.size() as isize,
            Ordering::Relaxed,
        );
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

const WORDS: [&str; 16] = [
    "alpha", "report", "config", "schema", "users", "orders", "deploy", "notes", "billing",
    "invoice", "metrics", "search", "session", "gateway", "ledger", "profile",
];

fn synthetic(n: usize) -> Vec<ResourceItem> {
    let word = |i: usize| WORDS[i % WORDS.len()];
    (0..n)
        .map(|i| {
            let server = i % 3;
            let (uri, name) = match server {
                0 => (
                    format!(
                        "file:///repo/{}/{}/{}_{i}.rs",
                        word(i),
                        word(i / 7),
                        word(i / 3)
                    ),
                    format!("{}_{i}.rs", word(i / 3)),
                ),
                1 => (
                    format!("postgres://db/{}/{}_{i}", word(i / 5), word(i / 11)),
                    format!("{}_{i}", word(i / 11)),
                ),
                _ => (format!("notes://{}/{i}", word(i / 13)), format!("Note {i}")),
            };
            ResourceItem {
                server: ["files", "database", "notes"][server].into(),
                uri,
                name,
                title: (i % 2 == 0).then(|| format!("{} {} {i}", word(i / 3), word(i / 5))),
                description: (i % 4 == 0)
                    .then(|| format!("About the {} of {} number {i}", word(i / 2), word(i / 9))),
                mime_type: Some(
                    ["text/x-rust", "application/json", "text/markdown"][server].into(),
                ),
                size: Some((i * 37 % 100_000) as u64),
                annotations: Annotations {
                    audience: Some(match i % 3 {
                        0 => vec![Role::User],
                        1 => vec![Role::Assistant],
                        _ => vec![Role::User, Role::Assistant],
                    }),
                    priority: (i % 7 != 0).then_some((i % 10) as f64 / 10.0),
                    last_modified: Some(format!(
                        "2026-{:02}-{:02}T{:02}:00:00Z",
                        1 + i % 12,
                        1 + i % 28,
                        i % 24
                    )),
                },
                icons: None,
                meta: None,
            }
        })
        .collect()
}

/// The twelve topics of the demo server's synthetic resources.
const TOPICS: [&str; 12] = [
    "revenue",
    "inventory",
    "customers",
    "shipping",
    "returns",
    "pricing",
    "forecast",
    "marketing",
    "support",
    "billing",
    "analytics",
    "onboarding",
];

/// Resources shaped like the demo server's `--n N` ones, which the real-window scale test
/// searches: every URI holds "group", every title a topic. Nearly every resource matches the
/// first letters typed, so this is the heavy case for search.
fn demo_synthetic(n: usize) -> Vec<ResourceItem> {
    (0..n)
        .map(|i| {
            let group = format!("group-{:04}", i / 100);
            ResourceItem {
                server: "Big".into(),
                uri: format!("demo://synthetic/{group}/{i}"),
                name: format!("synthetic-{i}"),
                title: Some(format!("Synthetic {i}: {}", TOPICS[i % TOPICS.len()])),
                description: Some(format!("Benchmark resource {i} of {n} in {group}")),
                mime_type: Some("text/plain".into()),
                size: Some(100 + (i % 900) as u64),
                annotations: Annotations {
                    audience: None,
                    priority: Some((i % 11) as f64 / 10.0),
                    last_modified: Some(format!(
                        "2026-{:02}-{:02}T00:00:00Z",
                        1 + i % 12,
                        1 + i % 28
                    )),
                },
                icons: None,
                meta: None,
            }
        })
        .collect()
}

fn string_bytes(item: &ResourceItem) -> usize {
    item.server.len()
        + item.uri.len()
        + item.name.len()
        + item.title.as_ref().map_or(0, String::len)
        + item.description.as_ref().map_or(0, String::len)
        + item.mime_type.as_ref().map_or(0, String::len)
        + item
            .annotations
            .last_modified
            .as_ref()
            .map_or(0, String::len)
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e3
}

fn percentile(samples: &mut [Duration], pct: usize) -> Duration {
    samples.sort();
    samples[(samples.len() * pct / 100).min(samples.len() - 1)]
}

fn time<T>(work: impl FnOnce() -> T) -> (T, Duration) {
    let started = Instant::now();
    let out = work();
    (out, started.elapsed())
}

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    // INDEX_BENCH_DATA=window: the real-window scale test's resources and typed queries.
    let window_data = std::env::var("INDEX_BENCH_DATA").is_ok_and(|data| data == "window");
    let items = if window_data {
        demo_synthetic(n)
    } else {
        synthetic(n)
    };
    let strings: usize = items.iter().map(string_bytes).sum();
    let before = LIVE.load(Ordering::Relaxed);
    let (mut index, took) = time(|| {
        let mut index = ResourceIndex::default();
        // Three servers, pages of 1,000 as they would stream in.
        for page in items.chunks(1000) {
            index.extend(page.to_vec());
        }
        index
    });
    drop(items);
    let held = LIVE.load(Ordering::Relaxed) - before;
    if window_data {
        println!("resources: {n} shaped like the demo server's synthetic ones (one server)");
    } else {
        println!("resources: {n} from 3 servers");
    }
    println!("index (pages of 1,000): {:.1} ms", ms(took));
    println!(
        "memory: {:.0} B per resource in all, {:.0} B of them its strings, {:.0} B beyond them",
        held as f64 / n as f64,
        strings as f64 / n as f64,
        (held as f64 - strings as f64) / n as f64
    );

    // What the app does once a listing is complete, so the first keystroke does not pay it.
    let (_, took) = time(|| index.prepare(SortKey::Priority));
    println!("ordering by priority once listed: {:.1} ms", ms(took));
    let verbose = std::env::var_os("INDEX_BENCH_VERBOSE").is_some();

    let typed: &[&str] = if window_data {
        &["synthetic 42", "group 7 revenue", "readme", "group 7"]
    } else {
        &[
            "deploy notes",
            "ledger",
            "schema users",
            "postgres billing",
            "readme",
            "note 42",
        ]
    };
    let mut keystrokes = Vec::new();
    for &text in typed {
        for end in 1..=text.len() {
            let query = Query {
                text: text[..end].into(),
                limit: 100,
                ..Query::default()
            };
            let (result, took) = time(|| index.query(&query));
            assert!(result.rows.len() <= 100);
            if verbose {
                println!(
                    "  {:?}: {} hits, {:.1} ms",
                    query.text,
                    result.total,
                    ms(took)
                );
            }
            keystrokes.push(took);
        }
    }
    let count = keystrokes.len();
    let median = percentile(&mut keystrokes, 50);
    let p95 = percentile(&mut keystrokes, 95);
    let max = percentile(&mut keystrokes, 100);
    println!(
        "search per keystroke ({count} keystrokes of {} queries): median {:.1} ms, p95 {:.1} ms, max {:.1} ms",
        typed.len(),
        ms(median),
        ms(p95),
        ms(max)
    );

    // The context hub's search (issue 30): `ranked` (the floor applied, reasons for the
    // window's hits) against `query`, on whole queries of a first window of 10, each after a
    // change of the index (nothing cached but the priority order, as after a listing), then
    // asked again (the ordered answer cached). The last query's letters occur scattered in
    // most resources and as a word in few: the floor's walk is longest there.
    let hub_queries: Vec<&str> = typed.iter().copied().chain(["sdrt"]).collect();
    let mut hub_rows = Vec::new();
    for &text in &hub_queries {
        let asked = Query {
            text: text.into(),
            limit: 10,
            ..Query::default()
        };
        let fresh = |index: &mut ResourceIndex| {
            index.set_templates("bench", Vec::new());
            index.prepare(SortKey::Priority);
        };
        fresh(&mut index);
        let (found, query_first) = time(|| index.query(&asked));
        let (_, query_again) = time(|| index.query(&asked));
        fresh(&mut index);
        let (answer, ranked_first) = time(|| index.ranked(&asked, false));
        let (_, ranked_again) = time(|| index.ranked(&asked, false));
        hub_rows.push((query_first, ranked_first));
        println!(
            "  hub search {text:?}: {} matches, {} kept in the window, {} below the floor, {} unchecked; \
             query {:.2} ms (again {:.3}), ranked {:.2} ms (again {:.3})",
            found.total,
            answer.hits.len(),
            answer.below_floor,
            answer.unchecked,
            ms(query_first),
            ms(query_again),
            ms(ranked_first),
            ms(ranked_again)
        );
    }
    let (mut queries, mut rankeds): (Vec<_>, Vec<_>) = hub_rows.into_iter().unzip();
    println!(
        "hub search, window of 10 ({} queries, nothing cached): query median {:.1} ms, max {:.1} ms; ranked median {:.1} ms, max {:.1} ms",
        hub_queries.len(),
        ms(percentile(&mut queries, 50)),
        ms(percentile(&mut queries, 100)),
        ms(percentile(&mut rankeds, 50)),
        ms(percentile(&mut rankeds, 100))
    );

    // Facets (issue 19): counted after the first rows, off the keystroke's path. Without
    // filters they reuse the list's scan; with one, they keep a scan of their own.
    for (text, filters) in [
        ("", Filters::default()),
        (typed[0], Filters::default()),
        (
            typed[0],
            Filters {
                mime_prefix: Some("text/".into()),
                ..Filters::default()
            },
        ),
    ] {
        let query = Query {
            text: text.into(),
            filters,
            limit: 100,
            ..Query::default()
        };
        index.query(&query);
        let (facets, took) = time(|| index.facets(&query));
        let filtered = query.filters != Filters::default();
        println!(
            "facets of {text:?}{} ({} matches, {} hidden): {:.1} ms",
            if filtered { " filtered by text/" } else { "" },
            facets.total,
            facets.unfiltered - facets.total,
            ms(took)
        );
    }

    for sort in [
        SortKey::Priority,
        SortKey::Modified,
        SortKey::Name,
        SortKey::Size,
    ] {
        // A change of the index drops the cached orders: measure that worst case, then again.
        index.set_templates("files", Vec::new());
        let query = Query {
            sort,
            limit: 100,
            ..Query::default()
        };
        let (_, first) = time(|| index.query(&query));
        let other = Query {
            sort: SortKey::Server,
            limit: 100,
            ..Query::default()
        };
        index.query(&other);
        let (_, again) = time(|| index.query(&query));
        println!(
            "sort by {sort:?}: {:.1} ms after a change of the index, {:.2} ms when switching back",
            ms(first),
            ms(again)
        );
    }

    let mut windows = Vec::new();
    for step in 0..200 {
        let query = Query {
            sort: SortKey::Name,
            offset: (step * 997) % n,
            limit: 100,
            ..Query::default()
        };
        windows.push(time(|| index.query(&query)).1);
    }
    println!(
        "window of 100 rows (200 scroll positions): p95 {:.3} ms",
        ms(percentile(&mut windows, 95))
    );

    // The tree is built from the list's answer: ask the list first, as the window does when
    // it switches views, so this measures building the tree.
    index.set_templates("files", Vec::new());
    index.query(&Query {
        sort: SortKey::Name,
        limit: 100,
        ..Query::default()
    });
    let all_open = TreeQuery {
        query: Query {
            sort: SortKey::Name,
            limit: 100,
            ..Query::default()
        },
        expand_all: true,
        ..TreeQuery::default()
    };
    let (tree, took) = time(|| index.tree(&all_open));
    println!(
        "tree build, every folder open ({} visible rows): {:.1} ms",
        tree.total,
        ms(took)
    );
    let mut tree_windows = Vec::new();
    for step in 0..200 {
        let mut question = all_open.clone();
        question.query.offset = (step * 997) % tree.total;
        tree_windows.push(time(|| index.tree(&question)).1);
    }
    println!(
        "tree window of 100 rows (200 scroll positions): p95 {:.3} ms",
        ms(percentile(&mut tree_windows, 95))
    );
    let searching = TreeQuery {
        query: Query {
            text: "ledger".into(),
            limit: 100,
            ..Query::default()
        },
        expand_all: true,
        ..TreeQuery::default()
    };
    index.query(&searching.query);
    let (tree, took) = time(|| index.tree(&searching));
    println!(
        "tree of a search (\"ledger\", {} matches, {} visible rows): {:.1} ms",
        tree.matches,
        tree.total,
        ms(took)
    );
}
