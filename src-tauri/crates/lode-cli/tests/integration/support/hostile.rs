//! lode-hostile-server (built beside `lode`) over stdio and HTTP, and running `lode` against it
//! with its time and peak memory measured.

use std::io::Read;
use std::path::PathBuf;
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use super::http_server::HttpServer;
use super::Cli;

pub fn hostile_server() -> PathBuf {
    let path = PathBuf::from(env!("CARGO_BIN_EXE_lode")).with_file_name(if cfg!(windows) {
        "lode-hostile-server.exe"
    } else {
        "lode-hostile-server"
    });
    assert!(
        path.is_file(),
        "build the hostile server first: cargo build -p lode-hostile-server ({})",
        path.display()
    );
    path
}

/// Runs `check` with the hostile server in `args` over stdio, then over HTTP. `check` gets the
/// transport's flags and its name.
pub fn on_both_transports(args: &[&str], check: impl Fn(&[&str], &str)) {
    let stdio = format!("\"{}\" {}", hostile_server().display(), args.join(" "));
    check(&["--stdio", &stdio], "stdio");
    let http = HttpServer::start(&hostile_server(), args);
    check(&["--http", &http.url], "http");
}

/// A finished run of `lode`: its output, how long it took, and its peak resident memory.
pub struct Measured {
    pub output: Output,
    pub elapsed: Duration,
    /// `VmHWM` of the `lode` process, in MiB, as last read before it exited (read every few
    /// milliseconds; the high-water mark only grows, so this is at most a few ms short).
    pub peak_mib: f64,
}

/// Runs `lode args` with `env`, killing it past `limit`.
pub fn measured(cli: &Cli, args: &[&str], env: &[(&str, &str)], limit: Duration) -> Measured {
    let started = Instant::now();
    let mut child = cli
        .command(args)
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run lode");
    let drain = |mut from: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = from.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("stdout")));
    let stderr = drain(Box::new(child.stderr.take().expect("stderr")));
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak_kib = 0u64;
    let status = loop {
        if let Some(kib) = std::fs::read_to_string(&status_file)
            .ok()
            .and_then(|status| high_water_kib(&status))
        {
            peak_kib = peak_kib.max(kib);
        }
        if let Some(status) = child.try_wait().expect("wait for lode") {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("lode {args:?} ran longer than {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    Measured {
        output: Output {
            status,
            stdout: stdout.join().expect("stdout"),
            stderr: stderr.join().expect("stderr"),
        },
        elapsed: started.elapsed(),
        peak_mib: peak_kib as f64 / 1024.0,
    }
}

fn high_water_kib(status: &str) -> Option<u64> {
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
