//! What happens to a server's notifications past the ceiling ([`NotificationPace`]): they are
//! coalesced or dropped and counted, never queued in front of responses.
//!
//! The transport keeps reading at the speed of the wire. Responses, requests and errors pass
//! at once. Notifications pass in order while under the ceiling; past it, the gate holds what
//! they announce instead of the notifications themselves:
//! - `list_changed` of each kind: one pending flag (the client lists again once);
//! - `resources/updated`: one pending entry per URI, at most [`MAX_URIS`] URIs and
//!   [`MAX_URI_BYTES`] of them;
//! - log messages and progress: dropped, counted, and reported by a log message from Lode
//!   ("left out"), at most once per [`REPORT_EVERY`];
//! - any other notification (a cancellation, a task's status): queued, at most [`MAX_OTHERS`].
//!
//! What is held is handed on as the pace allows again, and all of it (a few hundred messages
//! at most) just before a response, so an answer arrives after the notifications sent before
//! it, coalesced, however many there were. Generic over the message (an rmcp message over
//! stdio, an SSE event over HTTP): the transport says what each one is (`flood_kind.rs`).

use std::collections::{HashSet, VecDeque};
use std::time::{Duration, Instant};

use super::notification_pace::NotificationPace;

/// Distinct `resources/updated` URIs held; past this they are counted as left out.
pub(crate) const MAX_URIS: usize = 1_024;
/// The bytes of the URIs held (a URI may be up to 64 KiB long).
pub(crate) const MAX_URI_BYTES: usize = 1024 * 1024;
/// Other notifications held, in order.
pub(crate) const MAX_OTHERS: usize = 256;
/// How often at most Lode says how many notifications it left out, except just before a
/// response (which a flood cannot multiply: Lode sends the requests).
pub(crate) const REPORT_EVERY: Duration = Duration::from_secs(1);

/// The lists a `list_changed` notification is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum List {
    Resources,
    Tools,
    Prompts,
}

/// What a message off the wire is, as far as the gate cares.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A response, an error, a request from the server, or anything not a notification.
    Passes,
    ListChanged(List),
    Updated(String),
    Log,
    Progress,
    /// Any other notification.
    Other,
}

/// What the gate hands on: a message as it came, or one it stands for.
#[derive(Debug, PartialEq)]
pub(crate) enum Out<M> {
    Message(M),
    ListChanged(List),
    Updated(String),
    /// Lode's own log message saying how many notifications it left out.
    Report(String),
}

#[derive(Debug)]
pub(crate) struct FloodGate<M> {
    pace: NotificationPace,
    lists: Vec<List>,
    updated: VecDeque<String>,
    updated_seen: HashSet<String>,
    updated_bytes: usize,
    others: VecDeque<M>,
    left_out: LeftOut,
    last_report: Option<Instant>,
}

/// Notifications left out since the last report, by kind.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct LeftOut {
    logs: u64,
    progress: u64,
    updated: u64,
    others: u64,
}

impl<M> Default for FloodGate<M> {
    fn default() -> Self {
        Self {
            pace: NotificationPace::default(),
            lists: Vec::new(),
            updated: VecDeque::new(),
            updated_seen: HashSet::new(),
            updated_bytes: 0,
            others: VecDeque::new(),
            left_out: LeftOut::default(),
            last_report: None,
        }
    }
}

impl<M> FloodGate<M> {
    /// Takes one message off the wire at `now`: what to hand on at once (in order), possibly
    /// nothing. A response takes everything held with it, before it.
    pub(crate) fn admit(&mut self, message: M, kind: Kind, now: Instant) -> Vec<Out<M>> {
        if kind == Kind::Passes {
            let mut out = self.flush(now);
            out.push(Out::Message(message));
            return out;
        }
        // Nothing held that came before it: in order, if the pace allows.
        if !self.holds_messages() && self.pace.wait(now).is_none() {
            self.pace.take(now);
            return vec![Out::Message(message)];
        }
        self.hold(message, kind);
        Vec::new()
    }

    /// The next thing held, if the pace lets one go at `now`.
    pub(crate) fn release(&mut self, now: Instant) -> Option<Out<M>> {
        if self.pace.wait(now).is_some() {
            return None;
        }
        let out = self.next_held(now, false)?;
        self.pace.take(now);
        Some(out)
    }

    /// When [`release`](Self::release) may next hand something on; `None` when nothing is held.
    pub(crate) fn next_release(&self, now: Instant) -> Option<Instant> {
        let pace = self.pace.wait(now).map_or(now, |wait| now + wait);
        if self.holds_messages() {
            return Some(pace);
        }
        self.has_left_out().then(|| {
            let report = self.last_report.map_or(now, |last| last + REPORT_EVERY);
            pace.max(report)
        })
    }

    /// Everything held, at once: before a response, or when the stream ends.
    pub(crate) fn flush(&mut self, now: Instant) -> Vec<Out<M>> {
        std::iter::from_fn(|| self.next_held(now, true)).collect()
    }

    /// Whether anything held stands for notifications (the report only counts them).
    fn holds_messages(&self) -> bool {
        !(self.lists.is_empty() && self.updated.is_empty() && self.others.is_empty())
    }

    fn has_left_out(&self) -> bool {
        self.left_out != LeftOut::default()
    }

    fn hold(&mut self, message: M, kind: Kind) {
        match kind {
            Kind::Passes => {}
            Kind::ListChanged(list) => {
                if !self.lists.contains(&list) {
                    self.lists.push(list);
                }
            }
            Kind::Updated(uri) => {
                if self.updated_seen.contains(&uri) {
                    return;
                }
                if self.updated.len() >= MAX_URIS || self.updated_bytes + uri.len() > MAX_URI_BYTES
                {
                    self.left_out.updated += 1;
                    return;
                }
                self.updated_bytes += uri.len();
                self.updated_seen.insert(uri.clone());
                self.updated.push_back(uri);
            }
            Kind::Log => self.left_out.logs += 1,
            Kind::Progress => self.left_out.progress += 1,
            Kind::Other if self.others.len() < MAX_OTHERS => self.others.push_back(message),
            Kind::Other => self.left_out.others += 1,
        }
    }

    /// The oldest kinds first: other notifications in order, then the lists, the updated
    /// URIs, and last the report (which a flush gives whenever something was left out).
    fn next_held(&mut self, now: Instant, flushing: bool) -> Option<Out<M>> {
        if let Some(message) = self.others.pop_front() {
            return Some(Out::Message(message));
        }
        if !self.lists.is_empty() {
            return Some(Out::ListChanged(self.lists.remove(0)));
        }
        if let Some(uri) = self.updated.pop_front() {
            self.updated_seen.remove(&uri);
            self.updated_bytes -= uri.len();
            return Some(Out::Updated(uri));
        }
        let due = self
            .last_report
            .is_none_or(|last| now >= last + REPORT_EVERY);
        if self.has_left_out() && (flushing || due) {
            self.last_report = Some(now);
            return Some(Out::Report(std::mem::take(&mut self.left_out).say()));
        }
        None
    }
}

impl LeftOut {
    fn say(self) -> String {
        let updated = format!("resources/updated past {MAX_URIS} resources");
        let parts: Vec<String> = [
            (self.logs, "log messages"),
            (self.progress, "progress notifications"),
            (self.updated, updated.as_str()),
            (self.others, "other notifications"),
        ]
        .into_iter()
        .filter(|(count, _)| *count > 0)
        .map(|(count, what)| format!("{count} {what}"))
        .collect();
        format!(
            "Lode left out {} from this server: it sent notifications faster than {} a second",
            parts.join(", "),
            super::notification_pace::PER_SECOND
        )
    }
}

#[cfg(test)]
#[path = "flood_gate_tests.rs"]
mod tests;
