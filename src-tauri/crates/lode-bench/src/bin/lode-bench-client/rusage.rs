//! The process's own peak resident memory, the figure the peer reads from
//! `process.resourceUsage().maxRSS`, so both columns mean the same thing.

/// Peak RSS in KiB, or None where getrusage is unavailable.
#[cfg(unix)]
pub fn self_maxrss_kb() -> Option<u64> {
    // SAFETY: getrusage only writes into the zeroed struct we own.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } != 0 {
        return None;
    }
    let max_rss = u64::try_from(usage.ru_maxrss).ok()?;
    // Linux reports KiB; macOS reports bytes.
    if cfg!(target_os = "macos") {
        Some(max_rss / 1024)
    } else {
        Some(max_rss)
    }
}

#[cfg(not(unix))]
pub fn self_maxrss_kb() -> Option<u64> {
    None
}

/// Bytes the allocator has handed out and not taken back, chunk overhead included: what the
/// process's live heap costs. Read before and after an operation, the difference is what its
/// result occupies (glibc's `mallinfo2`: in-use arena bytes plus mmapped blocks).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn heap_in_use_bytes() -> Option<u64> {
    // SAFETY: mallinfo2 takes no arguments and returns a plain struct by value.
    let info = unsafe { libc::mallinfo2() };
    u64::try_from(info.uordblks.saturating_add(info.hblkhd)).ok()
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn heap_in_use_bytes() -> Option<u64> {
    None
}
