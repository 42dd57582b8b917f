//! What the window shows before an app runs: its declaration (the listing's `_meta.ui` under the
//! read's, the read's winning), the frame policy Lode would build from it with the origins it
//! refused, and whether the person already chose to run it as declared.

use lode_core::apps::{frame_csp, is_app_mime_type, AppDeclaration, FrameCsp};
use lode_core::{ConnectionId, ErrorCode, LodeError, LodeResult, ResourceContent};
use serde::Serialize;
use sha2::{Digest, Sha256};
use ts_rs::TS;

use crate::Lode;

/// Whether the person chose to run this app.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum AppApproval {
    /// Never chosen: Run asks.
    New,
    /// Chosen, as declared now: Run runs.
    Approved,
    /// Chosen, but the declaration changed since: Run asks again.
    Changed,
}

/// An app, as the review pane shows it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AppReview {
    pub connection_id: ConnectionId,
    pub uri: String,
    /// What it declares; `None` when neither the listing nor the read says anything.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub declaration: Option<AppDeclaration>,
    /// The policy its frame would run under, and the declared origins left out of it.
    pub frame_csp: FrameCsp,
    pub approval: AppApproval,
    /// The size of its page, in bytes.
    #[ts(type = "number")]
    pub page_bytes: u64,
}

/// An app read now, to run: its review and its page.
pub struct PreparedApp {
    pub(crate) review: AppReview,
    pub(crate) page: String,
    /// What the person approves: the declaration's digest.
    pub(crate) digest: String,
}

impl PreparedApp {
    pub fn review(&self) -> &AppReview {
        &self.review
    }
}

impl Lode {
    /// Reads app `uri` of connection `id` and says what it declares and whether it may run.
    pub async fn review_app(&self, id: ConnectionId, uri: &str) -> LodeResult<AppReview> {
        Ok(self.prepare_app(id, uri).await?.review)
    }

    /// The `_meta` connection `id` listed for `uri`: from the browser's index when it holds the
    /// server's listing (the window), else from a listing of its own (the CLI has no index).
    async fn listed_meta(&self, id: ConnectionId, uri: &str) -> Option<lode_core::MetaJson> {
        let server = self.client(id).await.ok()?.server_name().to_owned();
        let indexed = self.browser.with_index(|index| {
            (index.count_of(&server) > 0).then(|| {
                index
                    .items()
                    .find(|item| item.server == server && item.uri == uri)
                    .and_then(|item| item.meta.as_deref().cloned())
            })
        });
        if let Some(meta) = indexed {
            return meta;
        }
        match self.list_resources(id).await {
            Ok(items) => items
                .into_iter()
                .find(|item| item.uri == uri)
                .and_then(|item| item.meta.map(|meta| *meta)),
            Err(error) => {
                tracing::debug!(%error, "no listing to read an app's declaration from");
                None
            }
        }
    }

    pub(crate) async fn prepare_app(&self, id: ConnectionId, uri: &str) -> LodeResult<PreparedApp> {
        let contents = self.read_resource(id, uri).await?;
        let (page, read_meta) = contents
            .iter()
            .find_map(|content| match content {
                ResourceContent::Text {
                    mime_type: Some(mime_type),
                    text,
                    meta,
                    ..
                } if is_app_mime_type(mime_type) => Some((text, meta.as_deref())),
                _ => None,
            })
            .ok_or_else(|| {
                LodeError::new(
                    ErrorCode::InvalidInput,
                    format!(
                        "{uri} is not an app: its read has no text of type {}",
                        lode_core::apps::APP_MIME_TYPE
                    ),
                )
            })?;
        let read = read_meta.and_then(AppDeclaration::from_meta_json);
        // The listing's `_meta.ui` counts too: a server may declare there only. A server that
        // lists no resources (an app reached through a tool) has none.
        let listed = self
            .listed_meta(id, uri)
            .await
            .and_then(|meta| AppDeclaration::from_meta_json(&meta));
        let declaration = AppDeclaration::merged(listed.as_ref(), read.as_ref());
        let digest = declaration_digest(declaration.as_ref());
        let approval = match self.approved_app(id, uri)? {
            None => AppApproval::New,
            Some(approved) if approved == digest => AppApproval::Approved,
            Some(_) => AppApproval::Changed,
        };
        let frame_csp = frame_csp(declaration.as_ref().and_then(|d| d.csp.as_ref()));
        Ok(PreparedApp {
            review: AppReview {
                connection_id: id,
                uri: uri.to_owned(),
                declaration,
                frame_csp,
                approval,
                page_bytes: page.len() as u64,
            },
            page: page.clone(),
            digest,
        })
    }
}

/// The digest of what an app declares (its serialized form: fields in a fixed order).
fn declaration_digest(declaration: Option<&AppDeclaration>) -> String {
    let json = serde_json::to_string(&declaration).unwrap_or_default();
    Sha256::digest(json.as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use lode_core::apps::AppCsp;

    use super::*;

    #[test]
    fn the_digest_changes_with_any_declared_field_and_only_then() {
        let one = AppDeclaration {
            csp: Some(AppCsp {
                connect_domains: vec!["https://a.example".into()],
                ..AppCsp::default()
            }),
            ..AppDeclaration::default()
        };
        let mut other = one.clone();
        assert_eq!(
            declaration_digest(Some(&one)),
            declaration_digest(Some(&other))
        );
        other.prefers_border = Some(true);
        assert_ne!(
            declaration_digest(Some(&one)),
            declaration_digest(Some(&other))
        );
        assert_ne!(declaration_digest(None), declaration_digest(Some(&one)));
        assert_eq!(declaration_digest(None).len(), 64);
    }
}
