//! A native drag of a file out of the window, with the `drag` crate (CrabNebula): a GTK drag
//! from the window on Linux, an `NSDraggingSession` on macOS, OLE `DoDragDrop` on Windows. The
//! webview's own HTML5 drag can carry text but not a file the page has no path for, so the
//! window asks for this one while the mouse button is still down (from its `dragstart`), and the
//! system takes the drag from there. It must begin on the main thread.

use std::path::PathBuf;

use lode_core::{ErrorCode, LodeError};
use tauri::{Runtime, WebviewWindow};
use tokio::sync::oneshot;

/// The picture under the pointer while dragging.
const ICON: &[u8] = include_bytes!("../icons/32x32.png");

/// Starts dragging `path` out of `window`; resolves once the system has taken the drag (not
/// when it is dropped: the drop ends in the place it lands on).
pub async fn drag_file<R: Runtime>(
    window: &WebviewWindow<R>,
    path: PathBuf,
) -> Result<(), LodeError> {
    let (sent, started) = oneshot::channel();
    let target = window.clone();
    window
        .run_on_main_thread(move || {
            let _ = sent.send(begin(&target, path));
        })
        .map_err(|e| failed(&e.to_string()))?;
    started
        .await
        .map_err(|e| failed(&e.to_string()))?
        .map_err(|e| failed(&e))
}

fn begin<R: Runtime>(window: &WebviewWindow<R>, path: PathBuf) -> Result<(), String> {
    let item = drag::DragItem::Files(vec![path]);
    let icon = drag::Image::Raw(ICON.to_vec());
    let options = drag::Options::default();
    let ended = |result: drag::DragResult, _: drag::CursorPosition| {
        tracing::debug!(?result, "a file dragged out of the window");
    };
    #[cfg(target_os = "linux")]
    let source = window.gtk_window().map_err(|e| e.to_string())?;
    #[cfg(target_os = "linux")]
    let started = drag::start_drag(&source, item, icon, ended, options);
    #[cfg(not(target_os = "linux"))]
    let started = drag::start_drag(window, item, icon, ended, options);
    started.map_err(|e| e.to_string())
}

fn failed(reason: &str) -> LodeError {
    LodeError::new(
        ErrorCode::Internal,
        format!("could not start dragging the file: {reason}"),
    )
}
