//! One connection's server events, rate-limited and coalesced before they reach the
//! supervisor's followers and the window. A server may send notifications without end (200,000
//! in a burst is a test here); what matters to Lode is the state they announce, not their
//! number.
//!
//! Events are gathered for one [`WINDOW`] and then passed on together:
//! - a `list_changed` of each kind at most once a window (the browser lists again once),
//! - `resources/updated` once per URI a window, at most [`MAX_URIS`] URIs,
//! - progress: the newest report of each token,
//! - log messages: at most [`MAX_LOGS`] a window; the rest are counted, and one log message
//!   from Lode says how many were left out.

use std::collections::HashSet;
use std::time::Duration;

use lode_core::ServerEvent;

/// How long events are gathered before they are passed on.
pub(crate) const WINDOW: Duration = Duration::from_millis(50);
/// Log messages passed on per window (1,000 a second).
pub(crate) const MAX_LOGS: usize = 50;
/// Distinct URIs of `resources/updated` per window.
pub(crate) const MAX_URIS: usize = 256;
/// Progress tokens followed per window.
const MAX_TOKENS: usize = 64;

#[derive(Debug, Default)]
pub(crate) struct EventGate {
    resources_changed: bool,
    tools_changed: bool,
    prompts_changed: bool,
    updated: Vec<String>,
    updated_seen: HashSet<String>,
    progress: Vec<ServerEvent>,
    logs: Vec<ServerEvent>,
    left_out: u64,
}

impl EventGate {
    /// Takes one event into the window.
    pub(crate) fn push(&mut self, event: ServerEvent) {
        match event {
            ServerEvent::ResourceListChanged => self.resources_changed = true,
            ServerEvent::ToolListChanged => self.tools_changed = true,
            ServerEvent::PromptListChanged => self.prompts_changed = true,
            ServerEvent::ResourceUpdated { uri } => {
                if self.updated_seen.contains(&uri) {
                    return;
                }
                if self.updated.len() >= MAX_URIS {
                    self.left_out += 1;
                    return;
                }
                self.updated_seen.insert(uri.clone());
                self.updated.push(uri);
            }
            ServerEvent::Progress { ref token, .. } => {
                let same = self.progress.iter().position(
                    |seen| matches!(seen, ServerEvent::Progress { token: t, .. } if t == token),
                );
                match same {
                    Some(at) => self.progress[at] = event,
                    None if self.progress.len() < MAX_TOKENS => self.progress.push(event),
                    None => self.left_out += 1,
                }
            }
            ServerEvent::Log { .. } => {
                if self.logs.len() < MAX_LOGS {
                    self.logs.push(event);
                } else {
                    self.left_out += 1;
                }
            }
        }
    }

    #[cfg(test)]
    fn is_empty(&self) -> bool {
        !(self.resources_changed || self.tools_changed || self.prompts_changed)
            && self.updated.is_empty()
            && self.progress.is_empty()
            && self.logs.is_empty()
            && self.left_out == 0
    }

    /// The window's events, in a fixed order, and a fresh window.
    pub(crate) fn drain(&mut self) -> Vec<ServerEvent> {
        let gate = std::mem::take(self);
        let mut events = Vec::new();
        if gate.resources_changed {
            events.push(ServerEvent::ResourceListChanged);
        }
        if gate.tools_changed {
            events.push(ServerEvent::ToolListChanged);
        }
        if gate.prompts_changed {
            events.push(ServerEvent::PromptListChanged);
        }
        events.extend(
            gate.updated
                .into_iter()
                .map(|uri| ServerEvent::ResourceUpdated { uri }),
        );
        events.extend(gate.progress);
        events.extend(gate.logs);
        if gate.left_out > 0 {
            events.push(ServerEvent::Log {
                level: "warning".to_owned(),
                logger: Some("lode".to_owned()),
                data: serde_json::Value::String(format!(
                    "Lode left out {} notifications from this server: it sent more than {MAX_LOGS} log \
                     messages or {MAX_URIS} updated resources in {} ms",
                    gate.left_out,
                    WINDOW.as_millis()
                )),
            });
        }
        events
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log(i: usize) -> ServerEvent {
        ServerEvent::Log {
            level: "info".into(),
            logger: None,
            data: i.into(),
        }
    }

    #[test]
    fn a_flood_becomes_one_event_per_state_and_capped_logs() {
        let mut gate = EventGate::default();
        for i in 0..200_000 {
            gate.push(ServerEvent::ResourceListChanged);
            gate.push(ServerEvent::ResourceUpdated {
                uri: "x://open".into(),
            });
            gate.push(log(i));
            gate.push(ServerEvent::Progress {
                token: "t".into(),
                progress: i as f64,
                total: None,
                message: None,
            });
        }
        let events = gate.drain();
        let count = |f: fn(&ServerEvent) -> bool| events.iter().filter(|e| f(e)).count();
        assert_eq!(count(|e| matches!(e, ServerEvent::ResourceListChanged)), 1);
        assert_eq!(
            count(|e| matches!(e, ServerEvent::ResourceUpdated { .. })),
            1
        );
        assert_eq!(count(|e| matches!(e, ServerEvent::Progress { .. })), 1);
        assert!(events.contains(&ServerEvent::Progress {
            token: "t".into(),
            progress: 199_999.0,
            total: None,
            message: None
        }));
        // The capped logs, and Lode's own word on how many were left out.
        assert_eq!(
            count(|e| matches!(e, ServerEvent::Log { .. })),
            MAX_LOGS + 1
        );
        let Some(ServerEvent::Log { data, .. }) = events.last() else {
            panic!("the summary comes last");
        };
        assert!(
            data.to_string().contains(&(200_000 - MAX_LOGS).to_string()),
            "{data}"
        );
        assert!(gate.is_empty());
        assert!(gate.drain().is_empty());
    }

    #[test]
    fn distinct_uris_each_pass_up_to_the_cap() {
        let mut gate = EventGate::default();
        for i in 0..(MAX_URIS + 10) {
            gate.push(ServerEvent::ResourceUpdated {
                uri: format!("x://{i}"),
            });
        }
        let events = gate.drain();
        assert_eq!(events.len(), MAX_URIS + 1);
    }
}
