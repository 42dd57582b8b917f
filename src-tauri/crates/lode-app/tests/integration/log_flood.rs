//! A minute of the fastest floods a server can send, under the app's own logging: its filter
//! (at `LODE_LOG=trace` unless `LODE_LOG` says otherwise: the most a person can ask for) and its
//! capped, rotating log file. The log folder ends the minute under its cap, and the figure is
//! printed. Run it alone, it runs for a minute:
//! `cargo test -p lode-app --test integration log_flood -- --ignored --nocapture`

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use lode_app::secrets::MemoryStore;
use lode_app::Lode;
use lode_core::ConnectionDraft;
use tracing_subscriber::layer::SubscriberExt;

use crate::hostile_servers::hostile;
use crate::support::demo::demo;

/// Every byte in `dir`.
fn folder_bytes(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .expect("the log folder")
        .filter_map(|entry| entry.ok()?.metadata().ok())
        .map(|meta| meta.len())
        .sum()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "runs for a minute; see the module's comment"]
async fn a_minute_of_floods_leaves_the_log_folder_under_its_cap() {
    let seconds: u64 = std::env::var("LODE_FLOOD_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let asked = std::env::var("LODE_LOG").unwrap_or_else(|_| "trace".to_owned());
    let logs = tempfile::tempdir().expect("temp dir");
    let file = lode_app::start_log_file(&logs.path().join("lode.log")).expect("the log file");
    let subscriber = tracing_subscriber::registry()
        .with(lode_app::log_filter(Some(&asked)))
        .with(
            tracing_subscriber::fmt::layer()
                .with_ansi(false)
                .with_writer(Mutex::new(file)),
        );
    tracing::subscriber::set_global_default(subscriber).expect("the only subscriber");

    let data = tempfile::tempdir().expect("temp dir");
    let lode = Arc::new(
        Lode::open_with_secrets(data.path(), Some(demo()), Arc::new(MemoryStore::default()))
            .expect("open"),
    );
    // The most notifications a second (small ones), and the biggest messages a second.
    let floods = [
        (
            "Notifications",
            hostile("notification-flood", &["--count", "1000000000"]),
        ),
        (
            "Logs",
            hostile(
                "log-flood",
                &["--count", "1000000000", "--size", &(256 * 1024).to_string()],
            ),
        ),
    ];
    for (name, transport) in floods {
        lode.add_connection(&ConnectionDraft::new(name, transport))
            .await
            .expect("added");
    }
    lode.start_all().await.expect("started");
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    let during = folder_bytes(logs.path());
    lode.shutdown().await;
    let after = folder_bytes(logs.path());
    eprintln!(
        "log flood: after {seconds} s of both floods at LODE_LOG={asked}, the log folder holds \
         {after} bytes ({during} before shutting down; cap {})",
        lode_app::LOG_FOLDER_CAP
    );
    assert!(after <= lode_app::LOG_FOLDER_CAP, "{after} bytes");
}
