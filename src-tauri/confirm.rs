//! The confirmations Lode asks outside the window (`lode_app::confirmation` decides when and
//! in what words): a native dialog, so a page in the webview cannot answer it. Tests answer
//! through `Confirmer::Scripted`; the real-window test through `LODE_TEST_CONFIRM`, which only
//! debug builds read (a release build always asks the person).

use std::sync::{Arc, Mutex};

use lode_app::confirmation::Confirmation;
use lode_core::{ErrorCode, LodeError};
use tauri::{AppHandle, Runtime};
use tauri_plugin_dialog::{DialogExt, MessageDialogButtons, MessageDialogKind};

/// Who answers Lode's confirmations.
#[derive(Clone)]
pub enum Confirmer {
    /// A native dialog: the person at the computer.
    Native,
    /// Always the same answer, each question kept in `asked`: for tests.
    Scripted {
        accept: bool,
        asked: Arc<Mutex<Vec<Confirmation>>>,
    },
}

impl Confirmer {
    /// A confirmer answering `accept` to every question.
    pub fn scripted(accept: bool) -> Self {
        Self::Scripted {
            accept,
            asked: Arc::default(),
        }
    }

    /// The native dialog; in a debug build, `LODE_TEST_CONFIRM=accept|decline` answers instead
    /// (the real-window test cannot click a native dialog).
    pub fn for_this_launch() -> Self {
        if cfg!(debug_assertions) {
            match std::env::var("LODE_TEST_CONFIRM").as_deref() {
                Ok("accept") => return Self::scripted(true),
                Ok("decline") => return Self::scripted(false),
                _ => {}
            }
        }
        Self::Native
    }

    /// `Ok` when there is nothing to ask or the person says yes; a `declined` error otherwise.
    pub async fn ask<R: Runtime>(
        &self,
        app: &AppHandle<R>,
        question: Option<Confirmation>,
    ) -> Result<(), LodeError> {
        let Some(question) = question else {
            return Ok(());
        };
        let yes = match self {
            Self::Native => ask_natively(app, &question).await,
            Self::Scripted { accept, asked } => {
                asked
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .push(question.clone());
                *accept
            }
        };
        if yes {
            Ok(())
        } else {
            Err(LodeError::new(
                ErrorCode::Declined,
                format!("not confirmed: {}", question.title),
            ))
        }
    }
}

/// Shows the question as a native message dialog and waits for the answer without holding an
/// async thread (the dialog answers through a callback).
async fn ask_natively<R: Runtime>(app: &AppHandle<R>, question: &Confirmation) -> bool {
    let (answered, answer) = tokio::sync::oneshot::channel();
    app.dialog()
        .message(&question.message)
        .title(&question.title)
        .kind(MessageDialogKind::Warning)
        .buttons(MessageDialogButtons::OkCancelCustom(
            question.accept.clone(),
            "Cancel".to_owned(),
        ))
        .show(move |yes| {
            let _ = answered.send(yes);
        });
    answer.await.unwrap_or(false)
}
