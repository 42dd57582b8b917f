//! The cold-start mark: how long after the process began the first resource row was painted.
//! The window reports that moment once (`report_first_rows`); this logs one line that packaging
//! tests parse: `first resource row painted ms_since_exec=<N> ms_since_main=<M>`, with the
//! page's own milestones beside it, and the phases of the shell's start before it
//! (`start phase=<what> ms_since_main=<M>`), so a slow start says where its time went.
//!
//! Work that the first rows do not need (the update check) waits for them: [`Startup::after_first_rows`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use lode_core::PageMarks;
use tokio::sync::watch;

/// The log target of the mark.
const TARGET: &str = "lode::startup";

/// Clock ticks per second of `/proc/self/stat`'s start time. Linux reports it as `USER_HZ`,
/// 100 on every architecture Lode ships for (libc's `sysconf` would say so, at the cost of a
/// dependency).
const CLOCK_TICKS_PER_SEC: u64 = 100;

/// When `run()` began, and whether the mark was logged already (a reloaded window reports again).
pub struct Startup {
    main: Instant,
    reported: AtomicBool,
    /// Becomes true when the first rows are reported.
    first_rows: watch::Sender<bool>,
}

impl Startup {
    /// Captures now as the start of `main`: create it first thing.
    pub fn now() -> Self {
        Self {
            main: Instant::now(),
            reported: AtomicBool::new(false),
            first_rows: watch::Sender::new(false),
        }
    }

    fn ms_since_main(&self) -> u64 {
        u64::try_from(self.main.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    /// Logs that the start reached `phase`.
    pub fn mark(&self, phase: &str) {
        let ms_since_main = self.ms_since_main();
        tracing::info!(target: TARGET, "start phase={phase} ms_since_main={ms_since_main}");
    }

    /// Logs the mark the first time it is called (with the page's milestones, when the window
    /// sent them) and releases what waits in [`Startup::after_first_rows`]; later calls do
    /// nothing.
    pub fn report_first_rows(&self, page: Option<PageMarks>) {
        if self.reported.swap(true, Ordering::SeqCst) {
            return;
        }
        let ms_since_main = self.ms_since_main();
        let ms_since_exec = ms_since_exec().unwrap_or(ms_since_main);
        let page = page
            .map(|page| {
                // Where the page's clock began, on the process's: what WebKit's start took.
                let navigation = ms_since_main as f64 - page.rows_ms;
                format!(
                    " page_began_ms_since_main={navigation:.0} script_ms={:.0} rows_ms={:.0}",
                    page.script_ms, page.rows_ms
                )
            })
            .unwrap_or_default();
        tracing::info!(
            target: TARGET,
            "first resource row painted ms_since_exec={ms_since_exec} ms_since_main={ms_since_main}{page}"
        );
        self.first_rows.send_replace(true);
    }

    /// Returns once the first rows are painted, or after `at_most` (a window with nothing to
    /// list never reports them).
    pub async fn after_first_rows(&self, at_most: Duration) {
        let mut shown = self.first_rows.subscribe();
        let _ = tokio::time::timeout(at_most, shown.wait_for(|shown| *shown)).await;
    }
}

/// Milliseconds since the kernel started this process, where the system says (Linux). The
/// kernel dates a process from its fork, not its exec: right for a launcher (a desktop entry,
/// WebDriver) that forks and execs at once, not for a shell script that `exec`s the app after
/// building it (`.ci/demo`), where `ms_since_main` is the figure to read.
fn ms_since_exec() -> Option<u64> {
    if !cfg!(target_os = "linux") {
        return None;
    }
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let uptime = std::fs::read_to_string("/proc/uptime").ok()?;
    ms_since_start(&stat, &uptime, CLOCK_TICKS_PER_SEC)
}

/// From `/proc/self/stat` (field 22, `starttime`, in clock ticks after boot) and `/proc/uptime`
/// (seconds since boot).
fn ms_since_start(stat: &str, uptime: &str, ticks_per_sec: u64) -> Option<u64> {
    // The command name (field 2) is in parentheses and may hold spaces and parentheses itself:
    // the fields after it start past the last ')'. There, field 3 is the first.
    let after_name = &stat[stat.rfind(')')? + 1..];
    let start_ticks: u64 = after_name.split_whitespace().nth(22 - 3)?.parse().ok()?;
    let uptime_secs: f64 = uptime.split_whitespace().next()?.parse().ok()?;
    let started_ms = start_ticks.checked_mul(1000)? / ticks_per_sec.max(1);
    let now_ms = (uptime_secs * 1000.0) as u64;
    Some(now_ms.saturating_sub(started_ms))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn what_waits_for_the_first_rows_is_released_by_them_or_by_its_time() {
        let startup = std::sync::Arc::new(Startup::now());
        // Nothing reported: only the time ends the wait.
        let began = Instant::now();
        startup.after_first_rows(Duration::from_millis(50)).await;
        assert!(began.elapsed() >= Duration::from_millis(50));
        // Reported while waiting: the wait ends long before its time.
        let waiting = tokio::spawn({
            let startup = startup.clone();
            async move { startup.after_first_rows(Duration::from_secs(60)).await }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(!waiting.is_finished());
        startup.report_first_rows(None);
        tokio::time::timeout(Duration::from_secs(5), waiting)
            .await
            .expect("released by the first rows")
            .expect("the wait does not panic");
        // Reported before: no wait at all.
        tokio::time::timeout(
            Duration::from_secs(5),
            startup.after_first_rows(Duration::from_secs(60)),
        )
        .await
        .expect("released at once");
    }

    #[test]
    fn the_time_since_start_is_read_past_the_command_name() {
        // A command name with a space and a parenthesis; starttime (field 22) is 12345 ticks.
        let stat = "4242 (lode (x) d) S 1 4242 4242 0 -1 4194560 100 0 0 0 1 2 0 0 20 0 9 0 12345 \
                    100000 200 18446744073709551615";
        assert_eq!(ms_since_start(stat, "125.50 300.00\n", 100), Some(2050));
        // Read a moment before the process started (rounding): never negative.
        assert_eq!(ms_since_start(stat, "123.40 1.0", 100), Some(0));
        assert_eq!(ms_since_start("garbage", "1.0", 100), None);
        assert_eq!(ms_since_start(stat, "", 100), None);
    }

    #[test]
    fn this_process_started_a_little_while_ago() {
        if cfg!(target_os = "linux") {
            let since = ms_since_exec();
            assert!(since.is_some_and(|ms| ms < 10 * 60 * 1000), "{since:?}");
        }
    }
}
