//! Running every scenario: TS, Lode and the floor taking turns, run after run, so all three see
//! the same moments of a noisy shared machine.

use std::process::Command;
use std::time::Duration;

use crate::child::{self, Outcome};
use crate::clients::{self, Client, Clients, Endpoint, LIFTED_MAXBUF};
use crate::http_server::HttpServer;
use crate::reap;
use crate::results::{Row, Series};
use crate::scenario::{Scenario, Transport, SCENARIOS};

/// A run that takes longer is reported as "timeout" instead of being waited on.
pub const RUN_LIMIT: Duration = Duration::from_secs(120);

pub fn run_all(clients: &Clients, runs: usize) -> Vec<Row> {
    let mut rows = Vec::new();
    for transport in Transport::ALL {
        for scenario in SCENARIOS {
            eprintln!("{} · {}", scenario.name, transport.label());
            rows.push(run_row(clients, scenario, transport, runs));
            // Anything a killed client left behind ends here, before the next scenario.
            reap::sweep();
        }
    }
    rows
}

fn run_row(clients: &Clients, scenario: Scenario, transport: Transport, runs: usize) -> Row {
    let mut row = Row::new(scenario, transport);
    // Held for the whole row: every run talks to the same server, which ends with it.
    let server = match transport {
        Transport::Stdio => None,
        Transport::Http => {
            match HttpServer::start(clients::http_server(&clients.peer, &scenario)) {
                Ok(server) => Some(server),
                Err(error) => {
                    eprintln!("  {error}");
                    row.setup_error = Some(error);
                    return row;
                }
            }
        }
    };
    let endpoint = match &server {
        Some(server) => Endpoint::Http(server.url.clone()),
        None => Endpoint::Stdio,
    };
    if server.is_some() {
        // The server builds its large contents on the first read and caches them; without
        // this, whichever client ran first would pay for that alone.
        let _ = child::run(&mut clients.lode(&scenario, &endpoint), RUN_LIMIT);
    }
    let mut maxbuf = None;
    for run in 1..=runs {
        // Each client goes first, second and third in turn, which cancels out a drift of the
        // machine's load over the row.
        let mut order = Client::ALL;
        order.rotate_left((run - 1) % Client::ALL.len());
        for client in order {
            match client {
                Client::Ts => run_ts(clients, &mut row, &endpoint, run, runs, &mut maxbuf),
                Client::Lode => {
                    let command = clients.lode(&scenario, &endpoint);
                    run_one(&mut row.lode, command, client, run, runs);
                }
                Client::Floor => {
                    let command = clients.floor(&scenario, &endpoint);
                    run_one(&mut row.floor, command, client, run, runs);
                }
            }
        }
    }
    row
}

/// One run of a Rust client, unless an earlier run already failed or hung.
fn run_one(series: &mut Series, mut command: Command, client: Client, run: usize, runs: usize) {
    if !series.active() {
        return;
    }
    let outcome = child::run(&mut command, RUN_LIMIT);
    progress(client, run, runs, &outcome);
    series.record(run, outcome);
}

/// One TS run. Over stdio a failure with the SDK's default buffer is what the peer does on
/// large messages; the row keeps that error and measures the peer with the cap lifted.
fn run_ts(
    clients: &Clients,
    row: &mut Row,
    endpoint: &Endpoint,
    run: usize,
    runs: usize,
    maxbuf: &mut Option<u64>,
) {
    if !row.ts.active() {
        return;
    }
    let scenario = row.scenario;
    let mut outcome = child::run(&mut clients.ts(&scenario, endpoint, *maxbuf), RUN_LIMIT);
    if let (Outcome::Failed(error), Transport::Stdio, None) = (&outcome, row.transport, *maxbuf) {
        eprintln!(
            "  TS fails with its default buffer ({error}); again with --maxbuf {LIFTED_MAXBUF}"
        );
        row.ts_default_failure = Some(error.clone());
        *maxbuf = Some(LIFTED_MAXBUF);
        outcome = child::run(&mut clients.ts(&scenario, endpoint, *maxbuf), RUN_LIMIT);
    }
    progress(Client::Ts, run, runs, &outcome);
    row.ts.record(run, outcome);
}

fn progress(client: Client, run: usize, runs: usize, outcome: &Outcome) {
    let what = match outcome {
        Outcome::Done(s) => format!("connect {:.0} ms, op {:.0} ms", s.connect_ms, s.op_ms),
        Outcome::Failed(error) => format!("failed: {error}"),
        Outcome::TimedOut => format!("timeout after {RUN_LIMIT:?}"),
    };
    eprintln!("  run {run}/{runs} {:<5} {what}", client.label());
}
