//! Connecting to the chosen server through Lode's saved connections, with the flags' timeout
//! and credentials, and closing the connection when the command is done.

use lode_app::{ConnectOptions, EventSink, Lode, McpClient};
use lode_core::LodeResult;

use crate::transport_args::ConnectSpec;

/// Lode's saved connections, shared with the app. The CLI seeds the same Demo connection when
/// it is the first of the two to run.
pub fn open_lode() -> LodeResult<Lode> {
    let demo = std::env::current_exe()
        .ok()
        .and_then(|exe| lode_app::demo_server_command(&exe));
    Lode::open(&lode_app::default_data_dir()?, demo)
}

pub async fn connect(spec: &ConnectSpec, events: Option<EventSink>) -> LodeResult<McpClient> {
    connect_on(&open_lode()?, spec, events).await
}

/// As [`connect`], through saved connections already open (several connections at once).
pub async fn connect_on(
    lode: &Lode,
    spec: &ConnectSpec,
    events: Option<EventSink>,
) -> LodeResult<McpClient> {
    let mut options = ConnectOptions::new(String::new());
    options.request_timeout = spec.timeout;
    options.credentials = spec.credentials.clone();
    options.events = events;
    options.inherit_env = spec.inherit_env;
    options.listing_limits = lode.listing_limits();
    let server = match &spec.target {
        lode_app::ServerTarget::Saved(name) => name,
        lode_app::ServerTarget::Inline { label, .. } => label,
    };
    options.asks = Some(crate::asks::for_terminal(server));
    options.history = crate::trace::history();
    lode.connect_target_with(&spec.target, options).await
}

/// Connects, runs `op`, and closes the connection whatever `op` returned.
pub async fn with_client<T>(
    spec: &ConnectSpec,
    op: impl AsyncFnOnce(&McpClient) -> LodeResult<T>,
) -> LodeResult<T> {
    let client = connect(spec, None).await?;
    let result = op(&client).await;
    client.close().await;
    result
}
