//! The attacks, one per mode, each in a file of its own. A mode answers `resources/list`
//! (`page`) and may start sending notifications once the client is initialized.

mod deep_nesting;
mod duplicate_uris;
mod endless_pages;
mod huge_items;
mod log_flood;
mod notification_flood;
mod repeat_cursor;

use rmcp::model::{ListResourcesResult, Resource};
use rmcp::service::{Peer, RoleServer};

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
}

/// A mode and its sizes.
#[derive(Debug, Clone, Copy)]
pub struct Attack {
    mode: Mode,
    count: Option<u64>,
    size: Option<usize>,
}

impl Attack {
    pub fn new(mode: Mode, count: Option<u64>, size: Option<usize>) -> Self {
        Self { mode, count, size }
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
            Mode::NotificationFlood | Mode::LogFlood => quiet_page(),
        }
    }

    /// Starts the mode's notifications, if it sends any, on a task of their own.
    pub fn after_initialized(&self, peer: Peer<RoleServer>) {
        match self.mode {
            Mode::NotificationFlood => {
                tokio::spawn(notification_flood::send(
                    peer,
                    self.count.unwrap_or(200_000),
                ));
            }
            Mode::LogFlood => {
                let size = self.size.unwrap_or(64 * 1024);
                tokio::spawn(log_flood::send(peer, self.count.unwrap_or(10_000), size));
            }
            _ => {}
        }
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
