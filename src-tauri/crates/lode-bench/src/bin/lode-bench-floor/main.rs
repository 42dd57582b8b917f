//! `lode-bench-floor`: the floor of docs/benchmark.md, the least a Rust client can do for one
//! benchmark operation: raw JSON-RPC over a pipe or plain POSTs, each response parsed once with
//! serde into owned, typed structs. No runtime over stdio, no timeouts, no capability checks, no
//! tolerance for odd servers: whatever Lode's client costs above it is the price of being a real
//! client. Same command line and same report line as lode-bench-client, so the orchestrator
//! runs and reads all three clients alike.

// Shared with lode-bench-client rather than copied: one command line and one report format.
#[path = "../lode-bench-client/args.rs"]
mod args;
#[path = "../lode-bench-client/report.rs"]
mod report;
#[path = "../lode-bench-client/rusage.rs"]
mod rusage;

mod http;
mod lines;
mod run;
mod session;
mod sse;
mod stdio;
mod wire;

use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    // As in lode-bench-client: the nearest to process start without platform calls.
    let started = Instant::now();
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let args = match args::parse(&argv) {
        Ok(args) => args,
        Err(message) => {
            eprintln!(
                "lode-bench-floor: {message}\n{}",
                args::USAGE.replace("lode-bench-client", "lode-bench-floor")
            );
            return ExitCode::from(2);
        }
    };
    match run::run(&args, started) {
        Ok(mut report) => {
            report.self_maxrss_kb = rusage::self_maxrss_kb();
            match serde_json::to_string(&report) {
                Ok(line) => {
                    println!("{line}");
                    ExitCode::SUCCESS
                }
                Err(error) => {
                    eprintln!("lode-bench-floor: cannot print the report: {error}");
                    ExitCode::FAILURE
                }
            }
        }
        Err(error) => {
            // "Error:" is what the orchestrator looks for to pick the line that explains a failure.
            eprintln!("lode-bench-floor: Error: {error}");
            ExitCode::FAILURE
        }
    }
}
