//! `lode ls` while lode-hostile-server floods notifications (log messages of 64 KiB, or
//! list_changed / updated / progress by the hundred thousand), over stdio and HTTP: the
//! listing completes in bounded time and memory, and the next request works.

use std::time::Duration;

use serde_json::Value;

use crate::support::hostile::{measured, on_both_transports, Measured};
use crate::support::{stderr, Cli};

const CEILING_MIB: f64 = 200.0;
const TIME_LIMIT: Duration = Duration::from_secs(30);

fn ls_during(server: &[&str], transport: &str, what: &str) {
    let cli = Cli::new();
    let args: Vec<&str> = ["ls", "--json"].iter().chain(server).copied().collect();
    let Measured {
        output,
        elapsed,
        peak_mib,
    } = measured(&cli, &args, &[], TIME_LIMIT);
    eprintln!("{what} over {transport}: {elapsed:?}, peak {peak_mib:.1} MiB");
    assert!(output.status.success(), "{what}: {}", stderr(&output));
    let rows: Value = serde_json::from_slice(&output.stdout).expect("json");
    assert_eq!(rows.as_array().map(Vec::len), Some(3), "{what}");
    assert!(
        peak_mib < CEILING_MIB,
        "{what} over {transport}: {peak_mib:.1} MiB"
    );
    let read: Vec<&str> = ["read", "hostile://quiet/1"]
        .iter()
        .chain(server)
        .copied()
        .collect();
    let after = cli.run(&read);
    assert!(
        String::from_utf8_lossy(&after.stdout).contains("still here"),
        "{what}: {}",
        stderr(&after)
    );
}

#[test]
fn a_listing_completes_during_a_flood_of_notifications() {
    on_both_transports(
        &["--mode", "notification-flood", "--count", "200000"],
        |server, transport| ls_during(server, transport, "notification-flood"),
    );
}

#[test]
fn a_listing_completes_during_a_flood_of_large_log_messages() {
    on_both_transports(
        &["--mode", "log-flood", "--count", "2000", "--size", "65536"],
        |server, transport| ls_during(server, transport, "log-flood"),
    );
}
