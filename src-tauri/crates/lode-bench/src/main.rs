//! `lode-bench`: Lode's MCP client against the floor (lode-bench-floor, the least a Rust client
//! can do) and the official TypeScript SDK client on the same bench server, over stdio and
//! Streamable HTTP, printed as a Markdown table of medians.

mod bench;
mod build_client;
mod child;
mod cli;
mod clients;
mod doc;
mod http_server;
mod machine;
mod paths;
mod reap;
mod results;
mod sample;
mod scenario;
mod table;

use std::process::ExitCode;

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let options = match cli::parse(&argv) {
        Ok(cli::Parsed::Run(options)) => options,
        Ok(cli::Parsed::Help) => {
            println!("{}", cli::USAGE);
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("lode-bench: {message}\n{}", cli::USAGE);
            return ExitCode::from(2);
        }
    };
    match run(&options, &argv) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("lode-bench: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(options: &cli::Options, argv: &[String]) -> Result<(), String> {
    let clients = paths::locate()?;
    reap::adopt_orphans();
    // Ends every process we started on the way out, early returns and panics included.
    let _sweeper = Sweeper;
    // Probed first so the load average is the one the runs started under.
    let machine = machine::Machine::probe();
    let rows = bench::run_all(&clients, options.runs);
    let table = table::render(&rows);
    println!("{table}");
    if let Some(path) = &options.write {
        let text = doc::document(&table, &machine, &cli::command_line(argv), options.runs);
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        }
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(())
}

struct Sweeper;

impl Drop for Sweeper {
    fn drop(&mut self) {
        reap::sweep();
    }
}
