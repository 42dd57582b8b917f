//! The `lode-app:` scheme: serves each running app's page to its frame, at
//! `lode-app://localhost/<view>/`, under the policy built from its declaration (in the header
//! and in the page). The frame is sandboxed without `allow-same-origin`, so the page runs in an
//! opaque origin: not Lode's, with no IPC (Tauri answers only Lode's own origin), no storage of
//! Lode's, and no reach into the window. Any other address answers 404.

use std::sync::Arc;

use lode_app::Lode;
use tauri::http::{header, Request, Response, StatusCode};
use tauri::{Manager, Runtime, UriSchemeContext};

/// The scheme's name, as the window's CSP (`frame-src`) and the UI (`ui/src/features/apps/`)
/// name it too.
pub const SCHEME: &str = "lode-app";

/// Answers one request of an app frame.
pub fn serve<R: Runtime>(
    context: UriSchemeContext<'_, R>,
    request: Request<Vec<u8>>,
) -> Response<Vec<u8>> {
    let lode = context.app_handle().state::<Arc<Lode>>();
    let page = view_of(request.uri().path()).and_then(|view| lode.app_page(view));
    match page {
        Some(page) => Response::builder()
            .status(StatusCode::OK)
            .header(header::CONTENT_TYPE, "text/html; charset=utf-8")
            .header(header::CONTENT_SECURITY_POLICY, page.policy)
            .header(header::X_CONTENT_TYPE_OPTIONS, "nosniff")
            .header(header::REFERRER_POLICY, "no-referrer")
            .header(header::CACHE_CONTROL, "no-store")
            .body(page.html.into_bytes()),
        None => Response::builder()
            .status(StatusCode::NOT_FOUND)
            .header(header::CONTENT_TYPE, "text/plain; charset=utf-8")
            .body(b"no such app is running".to_vec()),
    }
    .unwrap_or_else(|_| Response::new(Vec::new()))
}

/// The view token of a page address: `/<token>/` or `/<token>`, nothing below it.
fn view_of(path: &str) -> Option<&str> {
    let token = path.strip_prefix('/')?;
    let token = token.strip_suffix('/').unwrap_or(token);
    (!token.is_empty() && token.bytes().all(|b| b.is_ascii_hexdigit())).then_some(token)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_view_root_names_a_view() {
        assert_eq!(view_of("/0a1b/"), Some("0a1b"));
        assert_eq!(view_of("/0a1b"), Some("0a1b"));
        assert_eq!(view_of("/0a1b/other.js"), None);
        assert_eq!(view_of("/"), None);
        assert_eq!(view_of("/../x"), None);
    }
}
