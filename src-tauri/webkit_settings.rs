//! WebKitGTK's settings for Lode's window, chosen by measurement (docs/packaging.md, "Idle
//! memory and WebKit's settings"): the window is one local page of lists and panes, so WebKit's
//! accelerated compositing and its web-browser caches cost memory and buy nothing.
//!
//! - **Compositing off.** With it on, the web process held about twice the memory idle (GL
//!   buffers, under software GL without a GPU), and under Xvfb animation frames came 4–12 a
//!   second; off, frames follow the display's 60 Hz. `LODE_WEBKIT_COMPOSITING=on` gives WebKit
//!   its default back (a person whose GPU driver renders better with it).
//! - **With it, WebKit's DMA-BUF renderer off** (what compositing draws through; unused with
//!   compositing off). `LODE_WEBKIT_COMPOSITING=on` leaves it as it is too. GDK's GL stays as GTK
//!   decides: with `GDK_GL=disable` as well, later launches from the desktop entry took 1.3–1.7 s
//!   to their first row instead of 0.5–0.7 (the web process began its page 500 ms later, most
//!   launches), for no memory measured (250–254 MB both ways, ten launches each).
//! - **Cache model "document viewer".** No page cache, small memory caches: Lode never
//!   navigates. `LODE_WEBKIT_CACHE_MODEL=browser` gives WebKit's default back.
//! - **JavaScriptCore's JIT off** (its interpreter runs the page). The page's script is light
//!   (Rust searches and sorts; the page draws windows of rows). The optimizing tiers' code and
//!   profiles held 13 MB of the web process idle, and the baseline JIT's 7 MB more. Over four
//!   runs each of the real-window figures at 100k resources, the keystroke's input-to-paint
//!   median was 32.5 ms against 28 with the baseline JIT (p95 67 against 59), and scrolling
//!   stayed within 60 fps (98.8–100 %). `LODE_WEBKIT_JIT=full` gives JSC its default back.

/// WebKitGTK reads it when its web process starts.
const WEBKIT_COMPOSITING_OFF: &str = "WEBKIT_DISABLE_COMPOSITING_MODE";
/// WebKitGTK's renderer of composited frames, read when the app creates its web view.
const WEBKIT_DMABUF_RENDERER_OFF: &str = "WEBKIT_DISABLE_DMABUF_RENDERER";
/// `on`: leave compositing, and what it draws through, as WebKit and GTK decide.
const LODE_COMPOSITING: &str = "LODE_WEBKIT_COMPOSITING";
/// `browser`: leave WebKit's cache model as it is.
const LODE_CACHE_MODEL: &str = "LODE_WEBKIT_CACHE_MODEL";
/// JavaScriptCore reads its options from `JSC_<name>` variables when a process starts it.
const JSC_JIT: &str = "JSC_useJIT";
/// `full`: leave JavaScriptCore's JIT tiers as they are.
const LODE_JIT: &str = "LODE_WEBKIT_JIT";

/// Turns compositing (with the DMA-BUF renderer) and JavaScriptCore's JIT off for
/// the web view this app will create, each unless the person chose otherwise (the variable
/// itself set, or Lode's variable asking for the default). Call first thing in `run`, while the process has one thread: the environment is changed, and only
/// before anything else reads it.
pub fn choose_before_webkit_starts() {
    if !cfg!(target_os = "linux") {
        return;
    }
    for (variable, value) in
        variables_to_set(|name| std::env::var_os(name).map(|v| v.to_string_lossy().into_owned()))
    {
        std::env::set_var(variable, value);
    }
}

/// The variables Lode sets, given the environment it was started with (`read`): each of its
/// choices, unless the person set WebKit's variable or asked for WebKit's default.
fn variables_to_set(read: impl Fn(&str) -> Option<String>) -> Vec<(&'static str, &'static str)> {
    [
        (WEBKIT_COMPOSITING_OFF, LODE_COMPOSITING, "on", "1"),
        (WEBKIT_DMABUF_RENDERER_OFF, LODE_COMPOSITING, "on", "1"),
        (JSC_JIT, LODE_JIT, "full", "false"),
    ]
    .into_iter()
    .filter(|(webkit_variable, lode_variable, keeps_default, _)| {
        read(webkit_variable).is_none() && read(lode_variable).as_deref() != Some(*keeps_default)
    })
    .map(|(webkit_variable, _, _, ours)| (webkit_variable, ours))
    .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    fn chosen(environment: &[(&str, &str)]) -> Vec<(&'static str, &'static str)> {
        variables_to_set(|name| {
            environment
                .iter()
                .find(|(key, _)| *key == name)
                .map(|(_, value)| (*value).to_owned())
        })
    }

    #[test]
    fn turns_compositing_its_gpu_path_and_the_jit_off_by_default() {
        assert_eq!(
            chosen(&[]),
            [
                (WEBKIT_COMPOSITING_OFF, "1"),
                (WEBKIT_DMABUF_RENDERER_OFF, "1"),
                (JSC_JIT, "false")
            ]
        );
    }

    #[test]
    fn leaves_each_to_the_person_who_chose() {
        let names = |environment: &[(&str, &str)]| -> Vec<&str> {
            chosen(environment)
                .into_iter()
                .map(|(name, _)| name)
                .collect()
        };
        // WebKit's own variable, whatever its value, is the person's.
        assert_eq!(
            names(&[("JSC_useJIT", "true")]),
            [WEBKIT_COMPOSITING_OFF, WEBKIT_DMABUF_RENDERER_OFF]
        );
        assert_eq!(
            names(&[("WEBKIT_DISABLE_DMABUF_RENDERER", "0")]),
            [WEBKIT_COMPOSITING_OFF, JSC_JIT]
        );
        assert_eq!(
            names(&[("WEBKIT_DISABLE_COMPOSITING_MODE", "0")]),
            [WEBKIT_DMABUF_RENDERER_OFF, JSC_JIT]
        );
        // GDK's GL is GTK's to decide (see the module's notes).
        assert!(!names(&[]).contains(&"GDK_GL"));
        // Lode's variables give back WebKit's defaults: compositing with what it draws through.
        assert_eq!(
            names(&[("LODE_WEBKIT_JIT", "full")]),
            [WEBKIT_COMPOSITING_OFF, WEBKIT_DMABUF_RENDERER_OFF]
        );
        assert_eq!(names(&[("LODE_WEBKIT_COMPOSITING", "on")]), [JSC_JIT]);
        // Another value of Lode's variable is not a choice of the default.
        assert_eq!(names(&[("LODE_WEBKIT_JIT", "yes")]).len(), 3);
    }
}
