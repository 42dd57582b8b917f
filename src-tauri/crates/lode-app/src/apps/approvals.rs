//! The apps a person chose to run, per connection: each app's URI with the digest of the
//! declaration they saw. A declaration that changed since is asked about again. Kept in the
//! app's settings, like the trusted tools; the window cannot write one without the person's yes
//! in Lode's own dialog (`Lode::open_app_view` asks).

use std::collections::BTreeMap;

use lode_core::{ConnectionId, ErrorCode, LodeError, LodeResult};

use crate::Lode;

/// The most apps one connection keeps a choice for: the map is dropped past it (each is then
/// asked again), which a real server never reaches.
const MAX_APPROVED: usize = 1024;

fn key(id: ConnectionId) -> String {
    format!("approvedApps/{}", id.0)
}

impl Lode {
    /// The declaration digest the person approved for app `uri` of connection `id`, if any.
    pub(crate) fn approved_app(&self, id: ConnectionId, uri: &str) -> LodeResult<Option<String>> {
        Ok(self.approved_apps(id)?.remove(uri))
    }

    /// Keeps the person's yes to running app `uri` of connection `id` as declared (`digest`).
    pub(crate) fn approve_app(&self, id: ConnectionId, uri: &str, digest: &str) -> LodeResult<()> {
        let mut approved = self.approved_apps(id)?;
        if approved.len() >= MAX_APPROVED && !approved.contains_key(uri) {
            approved.clear();
        }
        approved.insert(uri.to_owned(), digest.to_owned());
        let json = serde_json::to_string(&approved).map_err(|e| {
            LodeError::new(
                ErrorCode::Internal,
                format!("could not encode the approved apps: {e}"),
            )
        })?;
        self.store.set_setting(&key(id), &json)
    }

    fn approved_apps(&self, id: ConnectionId) -> LodeResult<BTreeMap<String, String>> {
        let Some(json) = self.store.setting(&key(id))? else {
            return Ok(BTreeMap::new());
        };
        // An unreadable entry approves nothing: the person is asked again.
        Ok(serde_json::from_str(&json).unwrap_or_default())
    }
}
