//! A local server process: spawned in its own process group (so `npx`/`uvx` grandchildren die
//! with it), stderr drained into the server's log, stdout read with a large line limit (one
//! listing page of 100k resources is ~26 MB; rmcp's default 16 MiB limit silently drops it).

use std::collections::BTreeMap;
use std::process::Stdio;

use lode_core::LodeResult;
use process_wrap::tokio::{ChildWrapper, CommandWrap, KillOnDrop};
use rmcp::transport::async_rw::AsyncRwTransport;
use rmcp::RoleClient;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, BufReader};
use tokio::process::{ChildStderr, ChildStdin, ChildStdout};

use crate::error::spawn_failed;
use crate::server_log::ServerLog;

/// The largest single message accepted from a server.
pub(crate) const MAX_MESSAGE_BYTES: usize = 256 * 1024 * 1024;

const STDERR_LINE_BYTES: u64 = 64 * 1024;

pub(crate) type StdioTransport = AsyncRwTransport<RoleClient, ChildStdout, ChildStdin>;

/// The running server process. Dropping it kills the whole process group.
#[derive(Debug)]
pub(crate) struct ServerProcess {
    child: Box<dyn ChildWrapper>,
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        // The process-group wrapper kills the whole group, not only the direct child. An error
        // here means the group is already gone.
        let _ = self.child.start_kill();
    }
}

pub(crate) fn spawn(
    command: &str,
    args: &[String],
    env: &BTreeMap<String, String>,
    cwd: Option<&str>,
    log: &ServerLog,
) -> LodeResult<(ServerProcess, StdioTransport)> {
    let mut wrapped = CommandWrap::with_new(command, |cmd| {
        cmd.args(args).envs(env);
        if let Some(dir) = cwd {
            cmd.current_dir(dir);
        }
        cmd.stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
    });
    #[cfg(unix)]
    wrapped.wrap(process_wrap::tokio::ProcessGroup::leader());
    #[cfg(windows)]
    wrapped.wrap(process_wrap::tokio::JobObject);
    wrapped.wrap(KillOnDrop);
    let mut child = wrapped.spawn().map_err(|e| spawn_failed(command, &e))?;

    let io_error =
        |what: &str| spawn_failed(command, &std::io::Error::other(format!("no {what} pipe")));
    let stdin = child.stdin().take().ok_or_else(|| io_error("stdin"))?;
    let stdout = child.stdout().take().ok_or_else(|| io_error("stdout"))?;
    if let Some(stderr) = child.stderr().take() {
        tokio::spawn(drain_stderr(stderr, log.clone()));
    }
    let transport =
        AsyncRwTransport::new_client(stdout, stdin).with_max_line_length(MAX_MESSAGE_BYTES);
    Ok((ServerProcess { child }, transport))
}

async fn drain_stderr(stderr: ChildStderr, log: ServerLog) {
    let mut reader = BufReader::new(stderr);
    let mut line = Vec::new();
    loop {
        line.clear();
        // Bounded per read: a line longer than this arrives as several log lines, never as
        // unbounded memory.
        match (&mut reader)
            .take(STDERR_LINE_BYTES)
            .read_until(b'\n', &mut line)
            .await
        {
            Ok(0) | Err(_) => break,
            Ok(_) => log.push(String::from_utf8_lossy(&line).trim_end()),
        }
    }
}
