//! The apps running in the window: each page with its frame policy, under a token only the
//! window's frame knows (its address, `lode-app://localhost/<token>/`). The shell serves the
//! page from here (`Lode::app_page`), and each request the page makes through the bridge names
//! its token, so Lode knows which server it may reach. A view ends when its frame closes, or
//! when more than [`MAX_VIEWS`] are open (the oldest goes).

use std::collections::{BTreeMap, VecDeque};
use std::sync::Mutex;

use lode_core::apps::ToolVisibility;
use lode_core::{ConnectionId, ErrorCode, LodeError, LodeResult};
use serde::Serialize;
use ts_rs::TS;

use super::review::{AppReview, PreparedApp};
use crate::confirmation::{for_running_app, Confirmation};
use crate::Lode;

/// The most apps running at once: a window shows one or two.
const MAX_VIEWS: usize = 16;

/// One running app.
#[derive(Debug, Clone)]
pub struct AppView {
    pub connection_id: ConnectionId,
    pub uri: String,
    page: String,
    policy: String,
    /// Who may call each tool the server listed when the app opened (`_meta.ui.visibility`).
    tools: BTreeMap<String, ToolVisibility>,
}

impl AppView {
    /// Whether the app may call tool `name`: a tool the server listed, not kept from apps.
    pub fn may_call(&self, name: &str) -> LodeResult<()> {
        match self.tools.get(name) {
            Some(visibility) if visibility.app => Ok(()),
            Some(_) => Err(LodeError::new(
                ErrorCode::InvalidInput,
                format!(
                    "the server keeps tool {name:?} from apps (its visibility leaves out \"app\")"
                ),
            )),
            None => Err(LodeError::new(
                ErrorCode::NotFound,
                format!("the server lists no tool {name:?}"),
            )),
        }
    }
}

/// An app's page as the shell serves it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppPage {
    pub html: String,
    /// The `Content-Security-Policy` it is served under.
    pub policy: String,
}

/// An app opened in the window: the token of its frame's address and what was reviewed.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct OpenedApp {
    pub view: String,
    pub review: AppReview,
}

/// The running apps, newest last.
#[derive(Default)]
pub struct AppViews {
    views: Mutex<VecDeque<(String, AppView)>>,
}

impl AppViews {
    fn lock(&self) -> std::sync::MutexGuard<'_, VecDeque<(String, AppView)>> {
        // A panic while holding it leaves plain data: still usable.
        self.views.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn insert(&self, token: String, view: AppView) {
        let mut views = self.lock();
        views.push_back((token, view));
        while views.len() > MAX_VIEWS {
            views.pop_front();
        }
    }

    fn get(&self, token: &str) -> Option<AppView> {
        self.lock()
            .iter()
            .find(|(t, _)| t == token)
            .map(|(_, view)| view.clone())
    }

    fn remove(&self, token: &str) {
        self.lock().retain(|(t, _)| t != token);
    }
}

impl Lode {
    /// Reads app `uri` of connection `id` to run it: its review, and the question to ask first
    /// (`None` when the person already chose to run it as declared now).
    pub async fn app_to_run(
        &self,
        id: ConnectionId,
        uri: &str,
    ) -> LodeResult<(PreparedApp, Option<Confirmation>)> {
        let prepared = self.prepare_app(id, uri).await?;
        let review = &prepared.review;
        let question = match review.approval {
            super::AppApproval::Approved => None,
            approval => Some(for_running_app(
                &self.store.get_connection(id)?.name,
                uri,
                review.declaration.as_ref(),
                &review.frame_csp,
                approval == super::AppApproval::Changed,
            )),
        };
        Ok((prepared, question))
    }

    /// Opens `prepared` in a new view and keeps the person's choice to run it as declared.
    /// Call only after their yes to the question [`Lode::app_to_run`] gave (or when it gave
    /// none).
    pub async fn open_app_view(&self, prepared: PreparedApp) -> LodeResult<OpenedApp> {
        let PreparedApp {
            mut review,
            page,
            digest,
        } = prepared;
        let id = review.connection_id;
        self.approve_app(id, &review.uri, &digest)?;
        review.approval = super::AppApproval::Approved;
        let tools = match self.list_tools(id).await {
            Ok(tools) => tools
                .into_iter()
                .map(|tool| {
                    let visibility = tool.ui.map(|ui| ui.visibility).unwrap_or_default();
                    (tool.name, visibility)
                })
                .collect(),
            // A server without tools: the app can call none.
            Err(error) => {
                tracing::debug!(%error, "no tools for an app to call");
                BTreeMap::new()
            }
        };
        let token = new_token()?;
        self.app_views.insert(
            token.clone(),
            AppView {
                connection_id: id,
                uri: review.uri.clone(),
                page,
                policy: review.frame_csp.policy.clone(),
                tools,
            },
        );
        Ok(OpenedApp {
            view: token,
            review,
        })
    }

    /// The running app `token` names.
    pub fn app_view(&self, token: &str) -> LodeResult<AppView> {
        self.app_views.get(token).ok_or_else(|| {
            LodeError::new(
                ErrorCode::NotFound,
                "that app is no longer running: open it again",
            )
        })
    }

    /// The page of app view `token`, with its policy in front of it as well as in the header.
    pub fn app_page(&self, token: &str) -> Option<AppPage> {
        let view = self.app_views.get(token)?;
        Some(AppPage {
            html: with_policy(&view.page, &view.policy),
            policy: view.policy,
        })
    }

    /// Ends app view `token` (its frame closed).
    pub fn close_app_view(&self, token: &str) {
        self.app_views.remove(token);
    }
}

/// `page` with a `<meta>` carrying `policy` first (after its doctype): the header says it too,
/// and a policy given twice is met twice.
fn with_policy(page: &str, policy: &str) -> String {
    let meta = format!(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"{}\">",
        policy.replace('"', "&quot;")
    );
    let trimmed = page.trim_start();
    let doctype_end = trimmed
        .get(..9)
        .filter(|head| head.eq_ignore_ascii_case("<!doctype"))
        .and_then(|_| trimmed.find('>'))
        .map(|end| end + 1);
    match doctype_end {
        Some(end) => format!("{}{meta}{}", &trimmed[..end], &trimmed[end..]),
        None => format!("{meta}{page}"),
    }
}

/// 128 random bits, in hex: a view's address cannot be guessed by another page.
fn new_token() -> LodeResult<String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| {
        LodeError::new(
            ErrorCode::Internal,
            format!("no randomness for an app view: {e}"),
        )
    })?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_goes_first_after_the_doctype() {
        assert_eq!(
            with_policy("<!DOCTYPE html><html></html>", "default-src 'none'"),
            "<!DOCTYPE html><meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'\"><html></html>"
        );
        assert!(with_policy("<p>hi", "a").starts_with("<meta http-equiv"));
    }

    #[test]
    fn only_tools_listed_for_apps_may_be_called() {
        let view = AppView {
            connection_id: ConnectionId(1),
            uri: "ui://a".into(),
            page: String::new(),
            policy: String::new(),
            tools: BTreeMap::from([
                ("both".to_owned(), ToolVisibility::default()),
                (
                    "model-only".to_owned(),
                    ToolVisibility {
                        model: true,
                        app: false,
                    },
                ),
            ]),
        };
        assert!(view.may_call("both").is_ok());
        assert_eq!(
            view.may_call("model-only").unwrap_err().code,
            ErrorCode::InvalidInput
        );
        assert_eq!(
            view.may_call("unlisted").unwrap_err().code,
            ErrorCode::NotFound
        );
    }

    #[test]
    fn views_past_the_most_drop_the_oldest() {
        let views = AppViews::default();
        let view = |n: i64| AppView {
            connection_id: ConnectionId(n),
            uri: String::new(),
            page: String::new(),
            policy: String::new(),
            tools: BTreeMap::new(),
        };
        for n in 0..=MAX_VIEWS as i64 {
            views.insert(format!("t{n}"), view(n));
        }
        assert!(views.get("t0").is_none());
        assert!(views.get(&format!("t{MAX_VIEWS}")).is_some());
        views.remove("t1");
        assert!(views.get("t1").is_none());
    }
}
