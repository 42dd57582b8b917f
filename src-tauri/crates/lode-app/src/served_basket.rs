//! The slot where Lode keeps the app's HTTP server of a basket while it runs (basket/serving.rs
//! starts and stops it).

use lode_serve::HttpServing;

/// The app's basket server, while it runs: the basket's name and the server.
#[derive(Default)]
pub(crate) struct Serving(pub(crate) tokio::sync::Mutex<Option<(String, HttpServing)>>);
