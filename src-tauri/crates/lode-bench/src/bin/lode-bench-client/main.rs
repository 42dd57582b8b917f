//! `lode-bench-client`: Lode's MCP client doing one benchmark operation, the counterpart of the
//! peer's client_ts.mjs. Prints one JSON line with its timings and its own peak memory.

mod args;
mod report;
mod run;
mod rusage;

use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    // The nearest to process start we can read without platform calls; Rust's start-up before
    // main is well under a millisecond.
    let started = Instant::now();
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let args = match args::parse(&argv) {
        Ok(args) => args,
        Err(message) => {
            eprintln!("lode-bench-client: {message}\n{}", args::USAGE);
            return ExitCode::from(2);
        }
    };
    // Current-thread: measured against the multi-thread runtime on 2 shared cores, it listed
    // 100k resources ~10% faster over stdio (774–1270 vs 948–1377 ms in 4 alternating pairs)
    // and was no slower on the 10 MiB read or over HTTP. The server's node process needs the
    // other core, and one thread saves a cross-thread wake-up on every response.
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("lode-bench-client: cannot start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    let outcome = runtime.block_on(run::run(&args, started));
    match outcome {
        Ok(mut report) => {
            report.self_maxrss_kb = rusage::self_maxrss_kb();
            match serde_json::to_string(&report) {
                Ok(line) => {
                    println!("{line}");
                    ExitCode::SUCCESS
                }
                Err(error) => {
                    eprintln!("lode-bench-client: cannot print the report: {error}");
                    ExitCode::FAILURE
                }
            }
        }
        Err(error) => {
            match &error.detail {
                Some(detail) => eprintln!("lode-bench-client: Error: {error}\n{detail}"),
                None => eprintln!("lode-bench-client: Error: {error}"),
            }
            ExitCode::FAILURE
        }
    }
}
