//! WebKitGTK's settings for Lode's window, chosen by measurement (docs/packaging.md, "Idle
//! memory and WebKit's settings"): the window is one local page of lists and panes, so WebKit's
//! accelerated compositing and its web-browser caches cost memory and buy nothing.
//!
//! - **Compositing off.** With it on, the web process held about twice the memory idle (GL
//!   buffers, under software GL without a GPU), and under Xvfb animation frames came 4–12 a
//!   second; off, frames follow the display's 60 Hz. `LODE_WEBKIT_COMPOSITING=on` gives WebKit
//!   its default back (a person whose GPU driver renders better with it).
//! - **Cache model "document viewer".** No page cache, small memory caches: Lode never
//!   navigates. `LODE_WEBKIT_CACHE_MODEL=browser` gives WebKit's default back.

/// WebKitGTK reads it when its web process starts.
const WEBKIT_COMPOSITING_OFF: &str = "WEBKIT_DISABLE_COMPOSITING_MODE";
/// `on`: leave compositing as WebKit decides.
const LODE_COMPOSITING: &str = "LODE_WEBKIT_COMPOSITING";
/// `browser`: leave WebKit's cache model as it is.
const LODE_CACHE_MODEL: &str = "LODE_WEBKIT_CACHE_MODEL";

/// Turns compositing off for the web process this app will start, unless the person chose
/// otherwise (either variable set). Call first thing in `run`, while the process has one
/// thread: the environment is changed, and only before anything else reads it.
pub fn choose_before_webkit_starts() {
    if !cfg!(target_os = "linux") {
        return;
    }
    let person_chose = std::env::var_os(WEBKIT_COMPOSITING_OFF).is_some()
        || std::env::var(LODE_COMPOSITING).is_ok_and(|value| value == "on");
    if !person_chose {
        std::env::set_var(WEBKIT_COMPOSITING_OFF, "1");
    }
}

/// Sets the window's cache model (Linux; elsewhere the platform's webview keeps its own).
pub fn apply<R: tauri::Runtime>(window: &tauri::WebviewWindow<R>) {
    #[cfg(target_os = "linux")]
    {
        if std::env::var(LODE_CACHE_MODEL).is_ok_and(|value| value == "browser") {
            return;
        }
        let applied = window.with_webview(|webview| {
            use webkit2gtk::{CacheModel, WebContextExt, WebViewExt};
            if let Some(context) = webview.inner().context() {
                context.set_cache_model(CacheModel::DocumentViewer);
            }
        });
        if let Err(error) = applied {
            tracing::warn!(%error, "could not set WebKit's cache model");
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = window;
}
