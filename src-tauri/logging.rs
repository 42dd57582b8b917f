//! Where the app's log goes: a file in the platform's place for logs (see
//! `lode_app::default_log_file`), and stderr too when `LODE_LOG` asks for a level — as before
//! there was a file. A file that cannot be opened never stops the app: it logs to stderr only,
//! and the About box says why.

use std::path::PathBuf;
use std::sync::Mutex;

use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{fmt, EnvFilter, Layer};

/// The filter when `LODE_LOG` is not set: what Lode itself does at `info` (connections,
/// updates, the start-up mark), only warnings from the libraries under it.
const DEFAULT_FILTER: &str =
    "warn,lode=info,lode_desktop=info,lode_app=info,lode_core=info,lode_mcp=info,lode_store=info,lode_secrets=info";

/// rmcp writes every JSON-RPC message it sends or receives, whole, at debug and trace: server
/// data, and whatever a server echoes back (a stdio server printing its environment, secret
/// variables included). None of it enters Lode's log, whatever `LODE_LOG` asks: the protocol
/// history shows every message, with the connection's secrets scrubbed.
const NO_MESSAGE_DUMPS: &str = "rmcp=info";

/// The log's filter: `asked` (the directives of `LODE_LOG`) or the default, never letting
/// rmcp's message dumps through.
pub fn log_filter(asked: Option<&str>) -> EnvFilter {
    let filter = EnvFilter::new(asked.unwrap_or(DEFAULT_FILTER));
    match NO_MESSAGE_DUMPS.parse() {
        Ok(directive) => filter.add_directive(directive),
        Err(_) => filter,
    }
}

/// Where this run's log went.
#[derive(Debug, Clone, Default)]
pub struct LogOutcome {
    /// The log file, when it could be opened.
    pub file: Option<PathBuf>,
    /// Why there is no log file (logging went to stderr instead).
    pub problem: Option<String>,
}

/// Installs the global subscriber. Call once, first thing in `run()`.
pub fn start_logging() -> LogOutcome {
    let asked = std::env::var("LODE_LOG")
        .ok()
        .filter(|v| !v.trim().is_empty());
    let filter = log_filter(asked.as_deref());
    let opened = lode_app::default_log_file()
        .and_then(|path| lode_app::start_log_file(&path).map(|file| (path, file)));
    let (file_layer, outcome) = match opened {
        Ok((path, file)) => (
            Some(
                fmt::layer()
                    .with_ansi(false)
                    .with_writer(Mutex::new(file))
                    .boxed(),
            ),
            LogOutcome {
                file: Some(path),
                problem: None,
            },
        ),
        Err(error) => {
            let problem = match error.detail {
                Some(detail) => format!("{}: {detail}", error.message),
                None => error.message,
            };
            (
                None,
                LogOutcome {
                    file: None,
                    problem: Some(problem),
                },
            )
        }
    };
    // Without a file, stderr is the only place left; with one, stderr only when asked for.
    let stderr_layer = (asked.is_some() || outcome.file.is_none())
        .then(|| fmt::layer().with_writer(std::io::stderr).boxed());
    let installed = tracing_subscriber::registry()
        .with(filter)
        .with(file_layer)
        .with(stderr_layer)
        .try_init();
    if let Err(error) = installed {
        eprintln!("Lode could not start its log: {error}");
    }
    if let Some(problem) = &outcome.problem {
        tracing::warn!(%problem, "logging to stderr only");
    }
    outcome
}
