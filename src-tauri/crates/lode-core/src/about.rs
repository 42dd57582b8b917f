//! What the app says about itself (the About box) and about updates to it: the shapes that
//! cross IPC. The logic of updates lives in `lode-app` (policy) and the shell (the plugin).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The About box: which build this is and where it keeps its files.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AboutLode {
    /// The package version, e.g. `0.1.0` (the one `lode --version` prints).
    pub version: String,
    /// The commit it was built from (12 hex digits), or `unknown`.
    pub commit: String,
    /// The folder of the database.
    pub data_dir: String,
    /// The log file of this run; absent when it could not be opened (then see `log_problem`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub log_file: Option<String>,
    /// Why there is no log file: the app then logs to stderr only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub log_problem: Option<String>,
    /// Where updates are looked for, and why there.
    pub update_feed: UpdateFeedState,
}

/// Where the feed in use comes from, first to last: the environment, the setting, the build.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub enum UpdateFeedSource {
    /// `LODE_UPDATE_FEED` (a URL or `off`): it overrides the setting.
    Environment,
    /// The person's choice in Settings (a URL or off).
    Setting,
    /// The release location this build was made with.
    Build,
    /// None of them: a build made without a release location, and nothing set.
    None,
}

/// The update feed as Settings and About show it: the one in use (absent when checks are off),
/// where it comes from, and the build's own default (absent in a build made without one).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UpdateFeedState {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub url: Option<String>,
    pub source: UpdateFeedSource,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub build_default: Option<String>,
    /// The value of `LODE_UPDATE_FEED` could not be used: every check fails until it is fixed.
    #[serde(default)]
    pub environment_invalid: bool,
}

/// A change of feed asked for in Settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "camelCase")]
#[ts(export)]
pub enum UpdateFeedChoice {
    /// Look for updates at this URL (https, or http on this computer in a debug build).
    Url { url: String },
    /// No update checks.
    Off,
    /// Forget the setting: the build's default feed (or none).
    Default,
}

/// When the window's page reached its milestones on the way to the first resource rows, in
/// milliseconds since the page's navigation began (`performance.now()`): sent with the
/// first-rows report, so the cold-start mark can tell WebKit's start from the page's own work.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct PageMarks {
    /// The window's script began to run (`main.tsx`).
    pub script_ms: f64,
    /// The first rows were painted.
    pub rows_ms: f64,
}

/// A newer release the feed announced, as the update dialog shows it (and the `lode://update`
/// event carries it). `notes` are the feed's text: data, never markup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UpdateInfo {
    pub version: String,
    pub current_version: String,
    /// The release date as the feed wrote it (RFC 3339).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub date: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub notes: Option<String>,
}

/// The answer of a check asked for from the menu: the running version, and the update if any.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct UpdateCheck {
    pub current_version: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub update: Option<UpdateInfo>,
}

/// How far the download of an update is: bytes so far, of `total` when the server said.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct DownloadProgress {
    #[ts(type = "number")]
    pub downloaded: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional, type = "number")]
    pub total: Option<u64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absent_fields_are_left_out() {
        let check = UpdateCheck {
            current_version: "0.1.0".into(),
            update: Some(UpdateInfo {
                version: "0.2.0".into(),
                current_version: "0.1.0".into(),
                date: None,
                notes: Some("<b>not markup</b>".into()),
            }),
        };
        assert_eq!(
            serde_json::to_value(&check).ok(),
            Some(serde_json::json!({
                "currentVersion": "0.1.0",
                "update": {"version": "0.2.0", "currentVersion": "0.1.0", "notes": "<b>not markup</b>"}
            }))
        );
        let progress = DownloadProgress {
            downloaded: 5,
            total: None,
        };
        assert_eq!(
            serde_json::to_value(progress).ok(),
            Some(serde_json::json!({"downloaded": 5}))
        );
    }
}
