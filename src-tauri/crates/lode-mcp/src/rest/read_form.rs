//! How a REST server takes the URI of a read. The table-server spec writes reads as
//! `GET {base}/resources/read?table://user`, the URI as the raw query: Lode sends that first.
//! Servers built on the usual query parsers want `?uri=<uri>` instead, and refuse the raw form.
//!
//! "Refuses" means an answer of 400, 404 or 422 to the raw form: a server that cannot find a
//! `uri` parameter says bad request (400) or unprocessable (422), one that reads the whole query
//! as a URI it does not have says not found (404). Then the same read is sent as `?uri=`. The
//! form that worked (any 2xx) is kept for the connection, and the other is never tried again.
//! Before either has worked, a read that fails both ways reports the `uri=` answer when the raw
//! form got 400/422 (that server understood `uri=`, and says what is wrong with the read) and
//! the raw answer when it got 404 (a raw-form server that has no such resource).

use std::sync::atomic::{AtomicU8, Ordering};

use lode_core::LodeResult;
use reqwest::StatusCode;
use serde_json::Value;

use super::{endpoint, RestClient};

const UNKNOWN: u8 = 0;
const RAW: u8 = 1;
const NAMED: u8 = 2;

/// Which form this connection's server takes; learned on the first read that succeeds.
#[derive(Default)]
pub(super) struct ReadForm(AtomicU8);

impl ReadForm {
    fn get(&self) -> u8 {
        self.0.load(Ordering::Relaxed)
    }

    fn learn(&self, form: u8) {
        self.0.store(form, Ordering::Relaxed);
    }
}

/// The statuses that say "not this form".
fn refuses(status: Option<StatusCode>) -> bool {
    matches!(status.map(|s| s.as_u16()), Some(400 | 404 | 422))
}

impl RestClient {
    /// The answer to a read of `uri`, in the form the server takes.
    pub(super) async fn read_answer(&self, uri: &str, what: &str) -> LodeResult<Value> {
        let named = endpoint::url(&self.base, "read", Some(("uri", uri)));
        let form = self.read_form.get();
        let raw = match endpoint::raw_read_url(&self.base, uri) {
            Some(raw) if form != NAMED => raw,
            _ => return self.get_json(named, what).await,
        };
        let (status, raw_error) = match self.get_json_with_status(raw, what).await {
            Ok(answer) => {
                self.read_form.learn(RAW);
                return Ok(answer);
            }
            Err((status, error)) if form == UNKNOWN && refuses(status) => (status, error),
            Err((_, error)) => return Err(error),
        };
        match self.get_json_with_status(named, what).await {
            Ok(answer) => {
                tracing::debug!("{what}: the server takes `?uri=`, not the raw query");
                self.read_form.learn(NAMED);
                Ok(answer)
            }
            Err((_, named_error)) if status != Some(StatusCode::NOT_FOUND) => Err(named_error),
            Err(_) => Err(raw_error),
        }
    }
}
