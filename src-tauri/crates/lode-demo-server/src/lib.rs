//! Lode's embedded demo MCP server.
//!
//! It serves about sixty fixed resources over `file://`, `table://`, `beeos://` and
//! `demo://` URIs (plus `--n` synthetic ones for benchmarks), three resource templates
//! with completion, one subscribable clock, six tools (three of them ask the person:
//! `asks.rs`; one, `demo_clock`, has an MCP App: `apps.rs`), one prompt and one Agent Skill
//! (`skills.rs`); and, for progress and Cancel, a slow tool, a slow prompt and a slow read
//! (`slow.rs`, `slow_reads.rs`). Lode uses it on first run, in its tests, and as the benchmark
//! server.
//!
//! The library holds everything; `main.rs` only parses the command line. Tests drive
//! [`DemoServer`] in-process over `tokio::io::duplex`.

mod annotations;
mod apps;
mod asks;
mod blobs;
mod catalog;
pub mod clock;
mod completion;
mod demo;
mod handler;
pub mod http;
mod icons;
mod log_level;
mod notes;
mod prompts;
mod skills;
mod slow;
mod slow_reads;
mod synthetic;
mod tables;
mod templates;
mod tools;

pub use asks::{form_schema as ask_form_schema, ASK_URL_ADDRESS};
pub use demo::{Demo, DemoOptions};
pub use handler::DemoServer;

/// The name the server reports in `serverInfo`.
pub const SERVER_NAME: &str = "lode-demo-server";
