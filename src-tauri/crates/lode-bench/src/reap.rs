//! Ending child processes together with everything they started. A client that hangs has a
//! server below it, and the Lode client puts its server in a process group of its own, so
//! killing one pid or one group is not enough: we walk the process tree instead.

use std::process::Child;
use std::time::Duration;

/// Makes this process the reaper of its orphaned descendants (Linux), so a server whose client
/// died is still ours to end instead of living on under init.
pub fn adopt_orphans() {
    #[cfg(target_os = "linux")]
    // SAFETY: a plain flag on the calling process; failure only means orphans go to init.
    unsafe {
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    }
}

/// Kills a child and every process below it, then waits for the child.
pub fn kill_tree(child: &mut Child) {
    // Listed before killing: once the child dies its children are reparented.
    for pid in descendants(child.id()) {
        kill(pid);
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// Kills and reaps every remaining descendant of this process. Only for when no `Child` handle
/// is alive: it reaps any child, and a handle whose child was reaped here cannot wait on it.
pub fn sweep() {
    for pid in descendants(std::process::id()) {
        kill(pid);
    }
    reap_all(Duration::from_secs(1));
}

#[cfg(unix)]
fn kill(pid: u32) {
    if let Ok(pid) = libc::pid_t::try_from(pid) {
        // SAFETY: sending a signal has no memory effects; a pid that already ended is ignored.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
        }
    }
}

#[cfg(not(unix))]
fn kill(_pid: u32) {}

/// Waits for killed children (adopted orphans included) until none is left or time is up.
#[cfg(unix)]
fn reap_all(limit: Duration) {
    let deadline = std::time::Instant::now() + limit;
    loop {
        // SAFETY: waitpid with a null status pointer only reaps.
        let reaped = unsafe { libc::waitpid(-1, std::ptr::null_mut(), libc::WNOHANG) };
        if reaped < 0 || std::time::Instant::now() >= deadline {
            return; // ECHILD: nothing left to wait for.
        }
        if reaped == 0 {
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

#[cfg(not(unix))]
fn reap_all(_limit: Duration) {}

/// Every process below `root`, from /proc (Linux); elsewhere only the direct child is killed.
fn descendants(root: u32) -> Vec<u32> {
    let parents = parent_links();
    let mut found = Vec::new();
    let mut frontier = vec![root];
    while let Some(parent) = frontier.pop() {
        for &(pid, ppid) in &parents {
            if ppid == parent && pid != root && !found.contains(&pid) {
                found.push(pid);
                frontier.push(pid);
            }
        }
    }
    found
}

/// (pid, parent pid) of every process on the machine.
#[cfg(target_os = "linux")]
fn parent_links() -> Vec<(u32, u32)> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .filter_map(|entry| entry.file_name().to_str()?.parse::<u32>().ok())
        .filter_map(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
            Some((pid, parent_in_stat(&stat)?))
        })
        .collect()
}

#[cfg(not(target_os = "linux"))]
fn parent_links() -> Vec<(u32, u32)> {
    Vec::new()
}

/// The parent pid in a /proc/PID/stat line: `pid (comm) state ppid …`. The command name may
/// hold spaces and parentheses, so the fields are counted after its last `)`.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn parent_in_stat(stat: &str) -> Option<u32> {
    let after_name = &stat[stat.rfind(')')? + 1..];
    after_name.split_whitespace().nth(1)?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parent_is_read_after_the_command_name_even_with_odd_names() {
        assert_eq!(parent_in_stat("42 (node) S 7 42 42 0"), Some(7));
        assert_eq!(parent_in_stat("43 (a) b (c) R 9 1"), Some(9));
        assert_eq!(parent_in_stat("garbage"), None);
    }
}
