//! The main window opens where and as large as it was last closed (or crashed): its place is
//! saved a moment after each move or resize ends, and restored at start when it still fits on
//! a screen. What is kept and checked is lode-app's (`WindowPlace`); this only reads and sets
//! the window.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use lode_app::{Lode, WindowPlace};
use tauri::{PhysicalPosition, PhysicalSize, Runtime, WebviewWindow, WindowEvent};

/// A move or resize is saved once it has been still this long (dragging sends hundreds).
const SETTLE: Duration = Duration::from_millis(400);

/// Puts `window` where it was last, then saves its place after every move and resize.
pub fn remember<R: Runtime>(window: &WebviewWindow<R>, lode: Arc<Lode>) {
    if let Some(place) = lode.window_place() {
        restore(window, place);
    }
    let changes = Arc::new(AtomicU64::new(0));
    let watched = window.clone();
    window.on_window_event(move |event| {
        if matches!(event, WindowEvent::Moved(_) | WindowEvent::Resized(_)) {
            let change = changes.fetch_add(1, Ordering::SeqCst) + 1;
            let (changes, window, lode) = (changes.clone(), watched.clone(), lode.clone());
            tauri::async_runtime::spawn(async move {
                tokio::time::sleep(SETTLE).await;
                if changes.load(Ordering::SeqCst) == change {
                    save(&window, &lode);
                }
            });
        }
    });
}

fn restore<R: Runtime>(window: &WebviewWindow<R>, place: WindowPlace) {
    let size = PhysicalSize::new(place.width, place.height);
    let position = PhysicalPosition::new(place.x, place.y);
    if let Err(error) = window.set_size(size) {
        tracing::warn!(%error, "could not restore the window's size");
    }
    // A screen unplugged since: the window opens where the system puts it instead.
    if on_a_screen(window, &place) {
        if let Err(error) = window.set_position(position) {
            tracing::warn!(%error, "could not restore the window's position");
        }
    }
    if place.maximized {
        if let Err(error) = window.maximize() {
            tracing::warn!(%error, "could not maximise the window");
        }
    }
}

/// True when the window's top-left corner region lies on one of the screens.
fn on_a_screen<R: Runtime>(window: &WebviewWindow<R>, place: &WindowPlace) -> bool {
    let Ok(monitors) = window.available_monitors() else {
        return false;
    };
    // Enough of the title bar to grab it.
    let (x, y) = (i64::from(place.x) + 40, i64::from(place.y) + 10);
    monitors.iter().any(|monitor| {
        let at = monitor.position();
        let size = monitor.size();
        let (left, top) = (i64::from(at.x), i64::from(at.y));
        x >= left
            && y >= top
            && x < left + i64::from(size.width)
            && y < top + i64::from(size.height)
    })
}

fn save<R: Runtime>(window: &WebviewWindow<R>, lode: &Lode) {
    let maximized = window.is_maximized().unwrap_or(false);
    let place = if maximized {
        // A maximised window's size is the screen's: keep the place it returns to.
        lode.window_place().map(|place| WindowPlace {
            maximized: true,
            ..place
        })
    } else {
        match (window.outer_position(), window.inner_size()) {
            (Ok(at), Ok(size)) => Some(WindowPlace {
                x: at.x,
                y: at.y,
                width: size.width,
                height: size.height,
                maximized: false,
            }),
            _ => None,
        }
    };
    if let Some(place) = place {
        if let Err(error) = lode.save_window_place(place) {
            tracing::warn!(%error, "could not save the window's place");
        }
    }
}
