//! The context basket's commands: baskets and their items, adding the browser's selection,
//! copying and saving exports, and serving a basket over HTTP on loopback.
//!
//! What crosses IPC is kept small and free of secrets: a basket is sent without its items'
//! contents (they can be megabytes; the window shows names, sizes and token counts), an export
//! as its text and the number of files a bundle would hold, and the HTTP server's status
//! without its bearer token (`lode serve --show-token` prints that).

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;

use lode_app::{AddReport, Lode};
use lode_core::basket::{
    Basket, BasketId, BasketSummary, BasketTotals, ExportFormat, ServingStatus,
};
use lode_core::index::Query;
use lode_core::tokens::TOKEN_ENCODING;
use lode_core::{ErrorCode, LodeError, ResourceItem};
use serde::Serialize;
use tauri::{AppHandle, Runtime, State};
use tauri_plugin_dialog::DialogExt;

/// A basket as the window shows it: items without their contents, the totals, and the
/// tokenizer the counts are in. Written by hand in ui/src/ipc/basket.ts; the test below pins it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BasketView {
    basket: Basket,
    totals: BasketTotals,
    encoding: &'static str,
}

impl From<Basket> for BasketView {
    fn from(mut basket: Basket) -> Self {
        let totals = basket.totals();
        for item in &mut basket.items {
            item.contents.clear();
        }
        Self {
            basket,
            totals,
            encoding: TOKEN_ENCODING,
        }
    }
}

/// One resource an add could not read.
#[derive(Debug, Clone, Serialize)]
pub struct AddFailure {
    uri: String,
    error: LodeError,
}

/// `AddReport` as the window receives it (failures as objects, not pairs).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AddSummary {
    added: usize,
    refreshed: usize,
    failed: Vec<AddFailure>,
    skipped_for_budget: usize,
}

impl From<AddReport> for AddSummary {
    fn from(report: AddReport) -> Self {
        Self {
            added: report.added,
            refreshed: report.refreshed,
            failed: report
                .failed
                .into_iter()
                .map(|(uri, error)| AddFailure { uri, error })
                .collect(),
            skipped_for_budget: report.skipped_for_budget,
        }
    }
}

/// An export for the clipboard: the document, and how many binary contents it names (they
/// are written only by a bundle, beside the document).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExportText {
    text: String,
    attachments: usize,
}

/// What saving a bundle wrote: the document's file name (not its folder), and the files and
/// bytes in all.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SavedBundle {
    name: String,
    files: usize,
    bytes: u64,
}

#[tauri::command]
pub async fn list_baskets(lode: State<'_, Arc<Lode>>) -> Result<Vec<BasketSummary>, LodeError> {
    lode.baskets()
}

#[tauri::command]
pub async fn create_basket(
    lode: State<'_, Arc<Lode>>,
    name: String,
    token_limit: Option<u64>,
) -> Result<BasketSummary, LodeError> {
    lode.create_basket(&name, token_limit)
}

/// The basket without its items' contents.
#[tauri::command]
pub async fn get_basket(lode: State<'_, Arc<Lode>>, id: BasketId) -> Result<BasketView, LodeError> {
    lode.basket(id).map(Into::into)
}

#[tauri::command]
pub async fn delete_basket(lode: State<'_, Arc<Lode>>, id: BasketId) -> Result<(), LodeError> {
    lode.delete_basket(id)
}

#[tauri::command]
pub async fn set_basket_options(
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    token_limit: Option<u64>,
    auto_refresh: bool,
) -> Result<(), LodeError> {
    lode.set_basket_options(id, token_limit, auto_refresh)
}

/// Reads the browser's rows (of any servers) and adds them; one that fails is reported.
#[tauri::command]
pub async fn add_to_basket(
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    resources: Vec<ResourceItem>,
) -> Result<AddSummary, LodeError> {
    lode.add_resources_to_basket(id, resources)
        .await
        .map(Into::into)
}

/// Reads and adds every resource the browser's search and filters match (at most
/// `lode_app::MATCHING_LIMIT`; more is refused, naming the count).
#[tauri::command]
pub async fn add_matching_to_basket(
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    query: Query,
) -> Result<AddSummary, LodeError> {
    lode.add_matching_to_basket(id, query).await.map(Into::into)
}

/// Fills the basket to its token limit from what the browser's search and filters match, by
/// priority for the assistant.
#[tauri::command]
pub async fn fill_basket(
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    query: Query,
) -> Result<AddSummary, LodeError> {
    lode.fill_basket_from_browser(id, query)
        .await
        .map(Into::into)
}

/// How many of `items` were removed.
#[tauri::command]
pub async fn remove_basket_items(
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    items: Vec<i64>,
) -> Result<usize, LodeError> {
    lode.remove_basket_items(id, &items)
}

#[tauri::command]
pub async fn move_basket_item(
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    item: i64,
    index: usize,
) -> Result<(), LodeError> {
    lode.move_basket_item(id, item, index)
}

/// `note` empty or `None` clears it.
#[tauri::command]
pub async fn set_basket_item_note(
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    item: i64,
    note: Option<String>,
) -> Result<(), LodeError> {
    let note = note.as_deref().map(str::trim).filter(|n| !n.is_empty());
    lode.set_basket_item_note(id, item, note)
}

#[tauri::command]
pub async fn refresh_basket_item(
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    item: i64,
) -> Result<(), LodeError> {
    lode.refresh_basket_item(id, item).await
}

/// The basket as one document, for the clipboard.
#[tauri::command]
pub async fn export_basket(
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    format: ExportFormat,
) -> Result<ExportText, LodeError> {
    let exported = lode.export_basket(id, format)?;
    Ok(ExportText {
        attachments: exported.attachments.len(),
        text: exported.text,
    })
}

/// Saves the basket where the person picks in the system's Save dialog, its binary contents
/// beside it. `None` when they cancel. Only the file's name goes back to the window.
#[tauri::command]
pub async fn save_basket_bundle<R: Runtime>(
    app: AppHandle<R>,
    lode: State<'_, Arc<Lode>>,
    id: BasketId,
    name: String,
    format: ExportFormat,
) -> Result<Option<SavedBundle>, LodeError> {
    let extension = format.extension();
    let (chosen, picked) = tokio::sync::oneshot::channel();
    app.dialog()
        .file()
        .set_file_name(format!("{}.{extension}", file_stem(&name)))
        .add_filter(extension, &[extension])
        .save_file(move |path| {
            let _ = chosen.send(path);
        });
    let Some(path) = picked.await.ok().flatten() else {
        return Ok(None);
    };
    let path = path.into_path().map_err(|error| {
        LodeError::new(
            ErrorCode::InvalidInput,
            format!("the chosen place is not a file: {error}"),
        )
    })?;
    let written = lode.save_basket_bundle(id, format, &path)?;
    Ok(Some(SavedBundle {
        name: written
            .document
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
        files: written.files.len() + 1,
        bytes: written.bytes,
    }))
}

/// Serves basket `name` over Streamable HTTP on 127.0.0.1:`port` (0: any free port), in
/// place of the one served before. The token stays in the keychain.
#[tauri::command]
pub async fn start_basket_server(
    lode: State<'_, Arc<Lode>>,
    name: String,
    port: u16,
) -> Result<ServingStatus, LodeError> {
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    lode.start_basket_server(&name, addr).await
}

#[tauri::command]
pub async fn stop_basket_server(lode: State<'_, Arc<Lode>>) -> Result<(), LodeError> {
    lode.stop_basket_server().await
}

/// The basket served over HTTP now, if any.
#[tauri::command]
pub async fn basket_server(lode: State<'_, Arc<Lode>>) -> Result<Option<ServingStatus>, LodeError> {
    Ok(lode.basket_server().await)
}

/// A basket's name as a file name: characters a file system may refuse become `_`.
fn file_stem(name: &str) -> String {
    let stem: String = name
        .chars()
        .map(|c| {
            if c.is_control() || matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|') {
                '_'
            } else {
                c
            }
        })
        .collect();
    match stem.trim_matches(['.', ' ']) {
        "" => "basket".to_owned(),
        trimmed => trimmed.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lode_core::basket::{BasketItem, ItemKind};
    use lode_core::ResourceContent;
    use serde_json::json;

    fn basket() -> Basket {
        Basket {
            id: BasketId(7),
            name: "Default".into(),
            token_limit: Some(100),
            auto_refresh: false,
            revision: 3,
            items: vec![BasketItem {
                id: 1,
                kind: ItemKind::Resource,
                server: "Demo".into(),
                uri: "file:///a.md".into(),
                name: "a.md".into(),
                title: None,
                mime_type: Some("text/markdown".into()),
                annotations: Default::default(),
                contents: vec![ResourceContent::Text {
                    uri: "file:///a.md".into(),
                    mime_type: None,
                    text: "x".repeat(1000),
                }],
                fetched_at: "2026-11-01T09:00:00.000Z".into(),
                note: None,
                stale: true,
                bytes: 1000,
                tokens: 125,
            }],
        }
    }

    #[test]
    fn a_basket_goes_to_the_window_without_contents_and_with_totals() {
        let view = serde_json::to_value(BasketView::from(basket())).expect("json");
        assert_eq!(view["basket"]["items"][0]["contents"], json!([]));
        assert_eq!(view["basket"]["items"][0]["bytes"], 1000);
        assert_eq!(view["basket"]["tokenLimit"], 100);
        assert_eq!(
            view["totals"],
            json!({ "bytes": 1000, "tokens": 125, "items": 1, "stale": 1, "overLimit": 25 })
        );
        assert_eq!(view["encoding"], "o200k_base");
    }

    #[test]
    fn an_add_report_names_each_failure() {
        let report = AddReport {
            added: 2,
            refreshed: 1,
            failed: vec![(
                "file:///gone".into(),
                LodeError::new(ErrorCode::NotFound, "no such resource"),
            )],
            skipped_for_budget: 0,
        };
        assert_eq!(
            serde_json::to_value(AddSummary::from(report)).ok(),
            Some(json!({
                "added": 2,
                "refreshed": 1,
                "failed": [{ "uri": "file:///gone", "error": { "code": "notFound", "message": "no such resource" } }],
                "skippedForBudget": 0
            }))
        );
    }

    #[test]
    fn a_basket_name_becomes_a_safe_file_name() {
        assert_eq!(file_stem("Release notes"), "Release notes");
        assert_eq!(file_stem("a:b*c?"), "a_b_c_");
        assert_eq!(file_stem(".."), "basket");
    }
}
