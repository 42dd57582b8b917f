//! A first measure of the resource index (issue 5): build 100k synthetic resources, then time a
//! search per keystroke, a sort change and a window fetch. Prints figures; asserts nothing.
//!
//!     cargo run --release -p lode-core --example index_bench [-- N]

use std::time::{Duration, Instant};

use lode_core::index::{Query, ResourceIndex, SortKey};
use lode_core::resource::{Annotations, ResourceItem, Role};

fn synthetic(n: usize) -> Vec<ResourceItem> {
    let words = [
        "alpha", "report", "config", "schema", "users", "orders", "deploy", "notes",
    ];
    (0..n)
        .map(|i| ResourceItem {
            server: format!("server-{}", i % 3),
            uri: format!(
                "file:///project/{}/{}/item-{i:06}.md",
                words[i % 8],
                words[(i / 8) % 8]
            ),
            name: format!("item-{i:06}.md"),
            title: Some(format!("{} {} {i}", words[(i / 3) % 8], words[(i / 5) % 8])),
            description: (i % 4 == 0).then(|| format!("Notes about {} number {i}", words[i % 8])),
            mime_type: Some("text/markdown".into()),
            size: Some((i * 37 % 10_000) as u64),
            annotations: Annotations {
                audience: Some(vec![if i % 2 == 0 {
                    Role::User
                } else {
                    Role::Assistant
                }]),
                priority: (i % 7 != 0).then_some((i % 10) as f64 / 10.0),
                last_modified: Some(format!(
                    "2026-{:02}-{:02}T10:00:00Z",
                    1 + i % 12,
                    1 + i % 28
                )),
            },
            icons: None,
        })
        .collect()
}

fn p95(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[(samples.len() * 95 / 100).min(samples.len() - 1)]
}

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let items = synthetic(n);
    let started = Instant::now();
    let mut index = ResourceIndex::default();
    index.extend(items);
    println!(
        "index {n} resources: {:.1} ms",
        started.elapsed().as_secs_f64() * 1e3
    );

    let typed = "deploy notes";
    let mut keystrokes = Vec::new();
    for end in 1..=typed.len() {
        let query = Query {
            text: typed[..end].into(),
            limit: 100,
            ..Query::default()
        };
        let started = Instant::now();
        let result = index.query(&query);
        keystrokes.push(started.elapsed());
        assert!(result.rows.len() <= 100);
    }
    println!(
        "search per keystroke ({} keystrokes): p95 {:.1} ms",
        keystrokes.len(),
        p95(keystrokes).as_secs_f64() * 1e3
    );

    for sort in [SortKey::Priority, SortKey::Modified, SortKey::Name] {
        let started = Instant::now();
        index.query(&Query {
            sort,
            limit: 100,
            ..Query::default()
        });
        println!(
            "sort by {sort:?}, first 100 rows: {:.1} ms",
            started.elapsed().as_secs_f64() * 1e3
        );
    }
    let started = Instant::now();
    index.query(&Query {
        sort: SortKey::Name,
        offset: n / 2,
        limit: 100,
        ..Query::default()
    });
    println!(
        "window of 100 rows at the middle: {:.1} ms (sorts every time: no cache yet)",
        started.elapsed().as_secs_f64() * 1e3
    );
}
