//! The log's filter: what Lode itself does, and never the MCP library's dumps of whole
//! protocol messages (see [`NO_MESSAGE_DUMPS`]). The shell installs it (`src-tauri/logging.rs`);
//! it lives here so that tests of the app's logging use the very same filter.

use tracing_subscriber::EnvFilter;

/// The filter when `LODE_LOG` is not set: what Lode itself does at `info` (connections,
/// updates, the start-up mark), only warnings from the libraries under it.
const DEFAULT_FILTER: &str =
    "warn,lode=info,lode_desktop=info,lode_app=info,lode_core=info,lode_mcp=info,lode_store=info,lode_secrets=info";

/// rmcp writes JSON-RPC messages whole: every one it sends or receives at debug and trace,
/// every notification and the handshake's result (the server's `instructions` with it) at
/// info, an unexpected message at warn — server data of up to 256 MiB each, thousands a second,
/// and whatever a server echoes back (a stdio server printing its environment, secret variables
/// included). None of it enters Lode's log, whatever `LODE_LOG` asks: only rmcp's errors, which
/// name what failed, not what was said. The protocol history shows every message, with the
/// connection's secrets scrubbed.
const LIBRARY_DUMPS: &str = "rmcp";
const NO_MESSAGE_DUMPS: &str = "rmcp=error";

/// The log's filter: `asked` (the directives of `LODE_LOG`) or the default, never letting
/// rmcp's message dumps through. A directive that could reach past the cap on rmcp is dropped:
/// one naming rmcp or a module of it (more specific than the cap, it would win), and one with
/// no target that picks events by span (it would enable rmcp's events inside that span).
pub fn log_filter(asked: Option<&str>) -> EnvFilter {
    let directives = match asked {
        Some(asked) => asked
            .split(',')
            .map(str::trim)
            .filter(|directive| !reaches_library_dumps(directive))
            .collect::<Vec<_>>()
            .join(","),
        None => DEFAULT_FILTER.to_owned(),
    };
    let filter = EnvFilter::new(directives);
    match NO_MESSAGE_DUMPS.parse() {
        Ok(directive) => filter.add_directive(directive),
        Err(_) => filter,
    }
}

/// Whether `directive` (`target[span{field}]=level`) would let rmcp's events through.
fn reaches_library_dumps(directive: &str) -> bool {
    let target = directive
        .split(['[', '='])
        .next()
        .unwrap_or_default()
        .trim();
    let by_span_alone = target.is_empty() && directive.starts_with('[');
    by_span_alone || target == LIBRARY_DUMPS || target.starts_with(&format!("{LIBRARY_DUMPS}::"))
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use tracing_subscriber::layer::SubscriberExt;

    use tracing_subscriber::fmt;

    use super::*;

    /// Everything written to it.
    #[derive(Clone, Default)]
    struct Captured(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Captured {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// What the log holds after rmcp's dumps (as rmcp writes them: its target, its levels) and
    /// one line of Lode's, under the filter for `asked`.
    fn logged(asked: Option<&str>) -> String {
        let captured = Captured::default();
        let writer = captured.clone();
        let subscriber = tracing_subscriber::registry().with(log_filter(asked)).with(
            fmt::layer()
                .with_ansi(false)
                .with_writer(move || writer.clone()),
        );
        tracing::subscriber::with_default(subscriber, || {
            tracing::info!(target: "rmcp::service", notification = "DUMP-notification", "received notification");
            tracing::info!(target: "rmcp::service", peer_info = "DUMP-instructions", "Service initialized as client");
            tracing::warn!(target: "rmcp::service::client", message = "DUMP-unexpected", "Received unexpected message");
            tracing::debug!(target: "rmcp::service", message = "DUMP-debug", "received message");
            let span = tracing::info_span!(target: "rmcp::service", "serve_inner");
            span.in_scope(|| tracing::info!(target: "rmcp::service", "DUMP-in-span"));
            tracing::error!(target: "rmcp::transport::worker", "worker quit with fatal: closed");
            tracing::info!(target: "lode_app", "lode's own line");
        });
        let bytes = captured.0.lock().unwrap_or_else(|p| p.into_inner()).clone();
        String::from_utf8_lossy(&bytes).into_owned()
    }

    #[test]
    fn rmcp_message_dumps_never_reach_the_log_whatever_lode_log_asks() {
        for asked in [
            None,
            Some("trace"),
            Some("lode_app=info,rmcp=trace"),
            Some("info,rmcp::service=trace"),
            Some("warn, rmcp = debug ,lode_app=info"),
            Some("[serve_inner]=trace,lode_app=info"),
            Some("debug,rmcp[serve_inner]=trace"),
        ] {
            let log = logged(asked);
            assert!(
                !log.contains("DUMP"),
                "{asked:?} let a dump through:\n{log}"
            );
            assert!(log.contains("lode's own line"), "{asked:?}:\n{log}");
            assert!(log.contains("worker quit"), "{asked:?}: rmcp's errors stay");
        }
    }
}
