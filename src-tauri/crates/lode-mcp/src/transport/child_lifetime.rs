//! A local server dies with Lode, even when Lode itself is killed (SIGKILL, a crash, the OOM
//! killer) and has no chance to kill it: on Linux the kernel sends the server SIGKILL when its
//! parent ends (`PR_SET_PDEATHSIG`).
//!
//! Two limits, both of the kernel's design:
//! - the signal follows the *thread* that started the server. Servers are started from async
//!   tasks, which run on the runtime's worker threads (or the thread of a `block_on`): those live
//!   as long as the runtime, which kills its servers anyway when it ends;
//! - only the server itself gets it, not what the server started (`npx` starts `node`): such a
//!   grandchild dies when it notices its closed stdin, as MCP servers do.

/// Runs in the new process between `fork` and `exec`: asks for SIGKILL when Lode ends, then
/// checks that Lode has not already ended in between (the parent would then be another
/// process, and the request would never fire), in which case the server is not started.
#[cfg(target_os = "linux")]
pub(crate) fn die_with_lode(command: &mut tokio::process::Command) {
    // Read before the fork: the child compares its parent with it.
    let lode = std::process::id();
    let arm = move || -> std::io::Result<()> {
        // SAFETY: prctl and getppid are async-signal-safe system calls that touch no memory of
        // the process; nothing here allocates (this runs in a child forked from a threaded
        // process, where only such calls are allowed).
        unsafe {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            if u32::try_from(libc::getppid()).ok() != Some(lode) {
                return Err(std::io::Error::from_raw_os_error(libc::ESRCH));
            }
        }
        Ok(())
    };
    // SAFETY: `arm` only makes async-signal-safe calls (see above).
    unsafe {
        command.pre_exec(arm);
    }
}

#[cfg(not(target_os = "linux"))]
pub(crate) fn die_with_lode(_command: &mut tokio::process::Command) {}
