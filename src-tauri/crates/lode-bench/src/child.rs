//! Running one client under a time limit and turning what it printed into a sample or an error.

use std::io::Read;
use std::process::{Command, ExitStatus, Stdio};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crate::reap;
use crate::sample::{self, Sample};

pub enum Outcome {
    Done(Sample),
    Failed(String),
    TimedOut,
}

/// Runs `command` to its end, or kills it and everything below it after `limit`.
pub fn run(command: &mut Command, limit: Duration) -> Outcome {
    let spawned = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(error) => return Outcome::Failed(format!("cannot start {command:?}: {error}")),
    };
    // Drained on threads so a chatty client never blocks on a full pipe while we wait.
    let stdout = child.stdout.take().map(drain);
    let stderr = child.stderr.take().map(drain);
    let deadline = Instant::now() + limit;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if Instant::now() >= deadline => {
                reap::kill_tree(&mut child);
                break None;
            }
            // Polling only delays noticing the end; the figures are the client's own.
            Ok(None) => thread::sleep(Duration::from_millis(5)),
            Err(error) => {
                reap::kill_tree(&mut child);
                return Outcome::Failed(format!("cannot wait for the client: {error}"));
            }
        }
    };
    let stdout = collect(stdout);
    let stderr = collect(stderr);
    match status {
        None => Outcome::TimedOut,
        Some(status) if status.success() => match sample::from_stdout(&stdout) {
            Some(sample) => Outcome::Done(sample),
            None => Outcome::Failed(format!(
                "no report line in its output: {}",
                first_line(&stdout)
            )),
        },
        Some(status) => Outcome::Failed(error_summary(&stderr, status)),
    }
}

fn drain(mut pipe: impl Read + Send + 'static) -> JoinHandle<String> {
    thread::spawn(move || {
        let mut text = Vec::new();
        let _ = pipe.read_to_end(&mut text);
        String::from_utf8_lossy(&text).into_owned()
    })
}

fn collect(reader: Option<JoinHandle<String>>) -> String {
    reader.and_then(|r| r.join().ok()).unwrap_or_default()
}

/// One line that says what went wrong: node prints a source excerpt before the error itself,
/// so the first line naming an error wins over the first line.
fn error_summary(stderr: &str, status: ExitStatus) -> String {
    let lines: Vec<&str> = stderr
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let line = lines.iter().find(|l| names_an_error(l)).or(lines.last());
    match line {
        Some(line) => shorten(line),
        None => format!("exited with {status}"),
    }
}

/// `McpError: …`, `Error: …`, `lode-bench-client: Error: …`: a one-word label ending in
/// "Error" before a colon. The source line node quotes (`return new McpError(…)`) has none.
fn names_an_error(line: &str) -> bool {
    line.rsplit_once(": ").is_some_and(|(labels, _message)| {
        labels
            .split(": ")
            .any(|label| !label.contains(' ') && label.ends_with("Error"))
    })
}

fn first_line(text: &str) -> String {
    shorten(text.lines().next().unwrap_or("(empty)"))
}

/// Keeps table cells readable.
fn shorten(line: &str) -> String {
    const MAX: usize = 140;
    match line.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", &line[..cut]),
        None => line.to_string(),
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::process::ExitStatusExt;

    #[test]
    fn the_error_line_of_a_node_stack_is_chosen_over_the_source_excerpt() {
        let stderr = "file:///x/types.js:2048\n        return new McpError(code);\n   ^\n\n\
                      McpError: MCP error -32000: Connection closed\n    at McpError.fromError (x)\n";
        assert_eq!(
            error_summary(stderr, ExitStatus::from_raw(256)),
            "McpError: MCP error -32000: Connection closed"
        );
    }

    #[test]
    fn silence_reports_the_exit_status() {
        assert!(error_summary("", ExitStatus::from_raw(256)).contains("exit"));
    }

    #[test]
    fn a_hung_command_is_killed_at_its_limit() {
        let started = Instant::now();
        let outcome = run(
            Command::new("sh").args(["-c", "sleep 30"]),
            Duration::from_millis(200),
        );
        assert!(matches!(outcome, Outcome::TimedOut));
        assert!(started.elapsed() < Duration::from_secs(10));
    }
}
