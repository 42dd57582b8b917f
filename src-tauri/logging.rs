//! Where the app's log goes: a file in the platform's place for logs (see
//! `lode_app::default_log_file`), and stderr too when `LODE_LOG` asks for a level — as before
//! there was a file. A file that cannot be opened never stops the app: it logs to stderr only,
//! and the About box says why.

use std::path::PathBuf;
use std::sync::Mutex;

use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{fmt, Layer};

pub use lode_app::log_filter;

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
