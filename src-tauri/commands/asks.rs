//! What servers ask of the person (elicitation, sampling): the asks waiting, the person's
//! answers, opening a URL elicitation's page, and the events that open and close the dialogs.

use std::sync::Arc;

use lode_app::Lode;
use lode_core::asks::{AskAnswer, AskEvent, WaitingAsks};
use lode_core::LodeError;
use tauri::{AppHandle, Emitter, Runtime, State};

use crate::confirm::Confirmer;

/// The event carrying each `AskEvent` (an ask opened, closed without an answer, more refused).
pub const ASK_EVENT: &str = "lode://asks";

/// The asks waiting and the refusals meanwhile; bounded (lode-core's `MAX_WAITING_ASKS`).
#[tauri::command]
pub async fn pending_server_asks(lode: State<'_, Arc<Lode>>) -> Result<WaitingAsks, LodeError> {
    Ok(lode.asks().waiting())
}

#[tauri::command]
pub async fn answer_server_ask(
    lode: State<'_, Arc<Lode>>,
    ask_id: u64,
    answer: AskAnswer,
) -> Result<(), LodeError> {
    lode.asks().answer(ask_id, answer)
}

/// Opens the page of URL elicitation `ask_id` (only `http(s)`, only while it waits, once), after
/// the person agreed in Lode's own dialog showing the address: a page cannot open it alone.
#[tauri::command]
pub async fn open_ask_url<R: Runtime>(
    app: AppHandle<R>,
    confirmer: State<'_, Confirmer>,
    lode: State<'_, Arc<Lode>>,
    ask_id: u64,
) -> Result<(), LodeError> {
    let question = lode.asks().url_question(ask_id)?;
    confirmer.ask(&app, Some(question)).await?;
    // Checked again: the ask may have ended, or been opened, while the dialog was up.
    let url = lode.asks().take_url_to_open(ask_id)?;
    lode_app::oauth::open_in_system_browser(&url)
}

/// Each ask's opening and closing, to the window (which opened the desk: `lib.rs`).
pub async fn forward_ask_events<R: Runtime>(app: AppHandle<R>, lode: Arc<Lode>) {
    let mut events = lode.asks().events();
    loop {
        match events.recv().await {
            Ok(event) => {
                if let Err(error) = app.emit(ASK_EVENT, &event) {
                    tracing::warn!(%error, "could not deliver a server's ask to the window");
                }
            }
            // The window re-reads the pending asks rather than missing one.
            Err(tokio::sync::broadcast::error::RecvError::Lagged(missed)) => {
                tracing::warn!(missed, "the window missed ask events");
                if let Err(error) = app.emit(ASK_EVENT, &AskEvent::Missed) {
                    tracing::warn!(%error, "could not tell the window it missed asks");
                }
            }
            Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
        }
    }
}
