//! The running process of a local server, and how it is ended: as MCP's lifecycle says for
//! stdio ("Shutdown"), Lode first closes the server's stdin and waits for it to exit, then
//! sends SIGTERM, and only then SIGKILL — to the whole process group, since servers started
//! through `npx` or `uvx` run as grandchildren.
//!
//! The waits are short, because quitting the app and every `lode` command wait for them: a
//! server that exits on end of input (most do, within milliseconds) costs nothing; one that
//! ignores it costs [`STDIN_GRACE`], one that also ignores SIGTERM [`TERM_GRACE`] more. A
//! second each is plenty to save state and flush a file, and keeps the worst case of quitting
//! (servers end in parallel) at two seconds.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use process_wrap::tokio::ChildWrapper;
use tokio::process::ChildStdin;

/// The child, shared between the process (which ends it) and the transport (which asks it
/// for its exit status when its output ends).
pub(crate) type SharedChild = Arc<Mutex<Box<dyn ChildWrapper>>>;
/// The server's stdin, shared with the transport that writes to it; `None` once closed.
pub(crate) type SharedStdin = Arc<tokio::sync::Mutex<Option<ChildStdin>>>;

/// How long a server has to exit once its stdin is closed.
pub(crate) const STDIN_GRACE: Duration = Duration::from_secs(1);
/// How long a server has to exit after SIGTERM, before SIGKILL.
#[cfg(unix)]
pub(crate) const TERM_GRACE: Duration = Duration::from_secs(1);
/// How often the process is checked while Lode waits for it to exit.
const POLL: Duration = Duration::from_millis(10);

/// The running server process. [`ServerProcess::end`] ends it as MCP says; dropping it
/// without that ends it the same way in the background (or at once, outside a runtime).
#[derive(Debug)]
pub(crate) struct ServerProcess {
    group: Option<Group>,
}

/// A process group still to be ended. Dropping it kills the whole group at once: whatever
/// happens to the graceful ending (its task dropped when the runtime stops), nothing survives.
struct Group {
    child: SharedChild,
    stdin: SharedStdin,
    /// The group's id (the server's pid), kept: the child forgets its pid once reaped.
    #[cfg(unix)]
    pgid: Option<libc::pid_t>,
    /// Set once nothing of the group is left, so no signal goes to an id since reused.
    empty: bool,
}

impl std::fmt::Debug for Group {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Group")
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        // The process-group wrapper kills the whole group, not only the direct child. An error
        // here means the group is already gone. A poisoned lock only means a panic elsewhere
        // while holding it; the group must be killed all the same.
        if !self.empty {
            let _ = self.child().start_kill();
        }
    }
}

impl Group {
    fn child(&self) -> std::sync::MutexGuard<'_, Box<dyn ChildWrapper>> {
        self.child.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Closes stdin, waits, SIGTERM, waits; SIGKILL follows when `self` is dropped.
    async fn end(mut self) {
        // A send may hold stdin (a big message to a server that reads no more): then closing
        // it waits for that send, within the same grace.
        let closed = tokio::time::timeout(STDIN_GRACE, async {
            drop(self.stdin.lock().await.take());
        });
        let started = tokio::time::Instant::now();
        let _ = closed.await;
        if self
            .exited_within(STDIN_GRACE.saturating_sub(started.elapsed()))
            .await
        {
            return;
        }
        #[cfg(unix)]
        {
            let _ = self.child().signal(libc::SIGTERM);
            self.exited_within(TERM_GRACE).await;
        }
    }

    /// Whether every process of the group has ended within `limit`.
    async fn exited_within(&mut self, limit: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            if self.gone() {
                self.empty = true;
                return true;
            }
            if tokio::time::Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(POLL).await;
        }
    }

    /// Reaps the server if it has exited, then asks whether anything of its group is left.
    #[cfg(unix)]
    fn gone(&self) -> bool {
        // Reaps the server if it has exited (a zombie still counts as a member of its group).
        // With other members still running, the wrapper reaps it but reports an error: the
        // group check below decides, not this.
        let _ = self.child().try_wait();
        let Some(pgid) = self.pgid else {
            return true;
        };
        // Signal 0 only asks whether anyone would receive it: "no such process" once no
        // process of the group is left.
        // SAFETY: killpg with signal 0 sends nothing and touches no memory.
        let alive = unsafe { libc::killpg(pgid, 0) } == 0;
        !alive && std::io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH)
    }

    /// Whether the server has exited (its job object ends the rest when the group is killed).
    #[cfg(not(unix))]
    fn gone(&self) -> bool {
        matches!(self.child().try_wait(), Ok(Some(_)))
    }
}

impl ServerProcess {
    pub(crate) fn new(child: SharedChild, stdin: SharedStdin) -> Self {
        #[cfg(unix)]
        let pgid = child
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .id()
            .and_then(|pid| libc::pid_t::try_from(pid).ok());
        Self {
            group: Some(Group {
                child,
                stdin,
                #[cfg(unix)]
                pgid,
                empty: false,
            }),
        }
    }

    /// Ends the server as MCP says and returns once it is gone (at most [`STDIN_GRACE`] plus
    /// `TERM_GRACE`, and the SIGKILL of whatever is left of its group).
    pub(crate) async fn end(mut self) {
        if let Some(group) = self.group.take() {
            group.end().await;
        }
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let Some(group) = self.group.take() else {
            return;
        };
        // Inside a runtime the server still gets its chance to exit cleanly; outside one,
        // dropping the group kills it at once.
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(group.end());
        }
    }
}
