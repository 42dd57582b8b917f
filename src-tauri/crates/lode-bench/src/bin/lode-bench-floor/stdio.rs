//! The server as a child process: requests down its stdin, responses up its stdout, one JSON
//! message per line. Plain blocking I/O on the main thread: the conversation is strictly one
//! request then its answer, so there is nothing for a runtime or a reader thread to overlap.

use std::io::Write;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde::de::DeserializeOwned;

use crate::lines::LineReader;
use crate::session::Transport;
use crate::wire;

pub struct StdioServer {
    child: Child,
    stdin: ChildStdin,
    stdout: LineReader<ChildStdout>,
}

impl StdioServer {
    pub fn spawn(command: &str, args: &[String]) -> Result<Self, String> {
        let mut child = Command::new(command)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            // Whatever the server says about itself lands in the orchestrator's error line.
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start {command}: {e}"))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err("the server's pipes were not opened".into());
        };
        Ok(Self {
            child,
            stdin,
            stdout: LineReader::new(stdout),
        })
    }

    fn send(&mut self, mut message: Vec<u8>) -> Result<(), String> {
        message.push(b'\n');
        // ChildStdin is unbuffered: one write call per message, nothing to flush.
        self.stdin
            .write_all(&message)
            .map_err(|e| format!("cannot write to the server: {e}"))
    }
}

impl Transport for StdioServer {
    fn request<T: DeserializeOwned>(&mut self, id: u64, message: Vec<u8>) -> Result<T, String> {
        self.send(message)?;
        loop {
            let line = self
                .stdout
                .next_line()
                .map_err(|e| format!("waiting for response {id}: {e}"))?;
            if line.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            if let Some(result) = wire::response(line, id)? {
                return Ok(result);
            }
        }
    }

    fn notify(&mut self, message: Vec<u8>) -> Result<(), String> {
        self.send(message)
    }

    /// Dropping kills the server.
    fn close(self) {}
}

impl Drop for StdioServer {
    /// The server is killed outright, the quickest end; also on every error path.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
