//! A bench server on Streamable HTTP for one scenario: started once, reused by every run,
//! killed when dropped.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use crate::reap;

/// Node plus the SDK import take about a second here; generous for a loaded machine.
const START_LIMIT: Duration = Duration::from_secs(30);

pub struct HttpServer {
    child: Child,
    pub url: String,
}

impl HttpServer {
    /// Starts the server and waits until it says where it listens.
    pub fn start(mut command: Command) -> Result<Self, String> {
        let mut child = command
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start the HTTP bench server: {e}"))?;
        let (lines, said) = mpsc::channel();
        if let Some(stderr) = child.stderr.take() {
            // Keeps reading after the address line so the pipe never fills up.
            thread::spawn(move || {
                for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                    let _ = lines.send(line);
                }
            });
        }
        let deadline = Instant::now() + START_LIMIT;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match said.recv_timeout(left) {
                Ok(line) => match listening_url(&line) {
                    Some(url) => return Ok(Self { child, url }),
                    None => seen.push(line),
                },
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    reap::kill_tree(&mut child);
                    return Err(format!(
                        "the HTTP bench server did not listen within {START_LIMIT:?}"
                    ));
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    reap::kill_tree(&mut child);
                    return Err(format!(
                        "the HTTP bench server exited: {}",
                        seen.join(" / ")
                    ));
                }
            }
        }
    }
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        reap::kill_tree(&mut self.child);
    }
}

/// The URL in the server's `… listening on http://127.0.0.1:PORT/mcp` line.
fn listening_url(line: &str) -> Option<String> {
    let (_, url) = line.split_once("listening on ")?;
    Some(url.trim().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_url_is_taken_from_the_listening_line() {
        assert_eq!(
            listening_url("bench-server-ts N=10 page=100 listening on http://127.0.0.1:4012/mcp"),
            Some("http://127.0.0.1:4012/mcp".into())
        );
        assert_eq!(listening_url("warming up"), None);
    }
}
