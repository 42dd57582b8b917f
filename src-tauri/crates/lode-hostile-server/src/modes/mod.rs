//! The attacks, one per mode, each in a file of its own. A mode answers `resources/list`
//! (`page`) and may start sending notifications once the client is initialized.

mod ask_flood;
mod deep_nesting;
mod duplicate_uris;
mod endless_pages;
mod flood_before_list;
mod huge_items;
mod log_flood;
mod notification_flood;
mod repeat_cursor;

use std::future::Future;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rmcp::model::{ListResourcesResult, Resource};
use rmcp::service::{Peer, RoleServer};

use ask_flood::AskTally;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// Every page hands out the same cursor again, with the same three resources.
    RepeatCursor,
    /// Page after page of new resources, each with a new cursor, without end.
    EndlessPages,
    /// Resources with megabyte names, descriptions, icons and `_meta`, and one with a URI
    /// too long to keep.
    HugeItems,
    /// One resource nested far past serde_json's recursion limit between two good ones.
    DeepNesting,
    /// The same URIs listed several times, across pages.
    DuplicateUris,
    /// `--count` notifications (list_changed, updated, progress) right after initialization.
    NotificationFlood,
    /// `--count` log messages of `--size` bytes each right after initialization.
    LogFlood,
    /// `--count` notifications (log messages, `resources/updated` for 100 URIs, resources and
    /// tools `list_changed`) before the answer to the first `resources/list`.
    FloodBeforeList,
    /// `--count` elicitation and sampling requests at once (`--size` bytes of text each) right
    /// after initialization; the `stats` tool tells what became of them.
    AskFlood,
}

/// A mode and its sizes.
#[derive(Debug, Clone)]
pub struct Attack {
    mode: Mode,
    count: Option<u64>,
    size: Option<usize>,
    timing: FloodTiming,
    /// What became of the asks of `AskFlood`.
    asks: Arc<AskTally>,
}

/// When a flood starts (right after initialization, or once a file exists), and where it
/// reports its start and end.
#[derive(Debug, Clone, Default)]
pub struct FloodTiming {
    pub start_when: Option<PathBuf>,
    pub report: Option<PathBuf>,
}

/// How often a flood waiting for its start file looks for it.
const START_POLL: Duration = Duration::from_millis(50);

impl Attack {
    pub fn new(mode: Mode, count: Option<u64>, size: Option<usize>) -> Self {
        Self {
            mode,
            count,
            size,
            timing: FloodTiming::default(),
            asks: Arc::default(),
        }
    }

    pub fn with_flood_timing(self, timing: FloodTiming) -> Self {
        Self { timing, ..self }
    }

    /// The answer to `resources/list` at `cursor`.
    pub fn page(&self, cursor: Option<&str>) -> ListResourcesResult {
        match self.mode {
            Mode::RepeatCursor => repeat_cursor::page(cursor),
            Mode::EndlessPages => endless_pages::page(cursor, self.count.unwrap_or(100)),
            Mode::HugeItems => huge_items::page(self.size.unwrap_or(1024 * 1024)),
            Mode::DeepNesting => deep_nesting::page(self.size.unwrap_or(5_000)),
            Mode::DuplicateUris => duplicate_uris::page(cursor),
            // The floods list three quiet resources; the attack is the notifications.
            Mode::NotificationFlood | Mode::LogFlood | Mode::FloodBeforeList | Mode::AskFlood => {
                quiet_page()
            }
        }
    }

    /// What the mode sends before answering the session's first `resources/list`.
    pub async fn before_first_answer(&self, peer: &Peer<RoleServer>) {
        if self.mode == Mode::FloodBeforeList {
            let count = self.count.unwrap_or(200_000);
            timed(self.timing.clone(), flood_before_list::send(peer, count)).await;
        }
    }

    /// Starts the mode's notifications, if it sends any, on a task of their own.
    pub fn after_initialized(&self, peer: Peer<RoleServer>) {
        match self.mode {
            Mode::NotificationFlood => {
                let count = self.count.unwrap_or(200_000);
                tokio::spawn(timed(
                    self.timing.clone(),
                    notification_flood::send(peer, count),
                ));
            }
            Mode::LogFlood => {
                let (count, size) = (self.count.unwrap_or(10_000), self.size.unwrap_or(64 * 1024));
                tokio::spawn(timed(
                    self.timing.clone(),
                    log_flood::send(peer, count, size),
                ));
            }
            Mode::AskFlood => {
                let (count, size) = (self.count.unwrap_or(5_000), self.size.unwrap_or(4 * 1024));
                tokio::spawn(timed(
                    self.timing.clone(),
                    ask_flood::send(peer, count, size, self.asks.clone()),
                ));
            }
            _ => {}
        }
    }

    /// What became of the flood's asks, for the `stats` tool.
    pub fn ask_tally(&self) -> serde_json::Value {
        self.asks.as_json()
    }
}

/// Runs a flood (which returns how many notifications it sent) once its start file exists,
/// reporting when it started and ended.
async fn timed(timing: FloodTiming, flood: impl Future<Output = u64>) {
    if let Some(start_when) = &timing.start_when {
        while !start_when.exists() {
            tokio::time::sleep(START_POLL).await;
        }
    }
    report(&timing, "start");
    let sent = flood.await;
    report(&timing, &format!("end {sent}"));
}

fn report(timing: &FloodTiming, what: &str) {
    let Some(path) = &timing.report else { return };
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_millis());
    let line = match what.split_once(' ') {
        Some((event, rest)) => format!("{event} {now} {rest}\n"),
        None => format!("{what} {now}\n"),
    };
    let written = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut file| std::io::Write::write_all(&mut file, line.as_bytes()));
    if let Err(error) = written {
        eprintln!(
            "lode-hostile-server: could not write {}: {error}",
            path.display()
        );
    }
}

pub(crate) fn resource(uri: impl Into<String>) -> Resource {
    let uri = uri.into();
    Resource::new(uri.clone(), uri)
}

pub(crate) fn result(resources: Vec<Resource>, next: Option<String>) -> ListResourcesResult {
    let mut page = ListResourcesResult::with_all_items(resources);
    page.next_cursor = next;
    page
}

fn quiet_page() -> ListResourcesResult {
    result(
        (1..=3)
            .map(|i| resource(format!("hostile://quiet/{i}")))
            .collect(),
        None,
    )
}
