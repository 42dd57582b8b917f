//! MCP Apps (`io.modelcontextprotocol/ui`, stable 2026-01-26): a server's interactive views,
//! HTML resources of type `text/html;profile=mcp-app` under `ui://`, linked from its tools by
//! `_meta.ui.resourceUri`. What Lode reads of them: which resources are apps (`kind.rs`), what a
//! tool says of its app (`tool_ui.rs`), what an app declares it needs (`declaration.rs`), and
//! a server's apps found in its resources and its tools together (`found.rs`), and the policy
//! an app's frame runs under (`frame_csp.rs`). Every field is
//! the server's and untrusted: bounded, checked, shown, and never run from here.

mod declaration;
mod found;
mod frame_csp;
mod kind;
mod tool_ui;

pub use declaration::{AppCsp, AppDeclaration, AppPermissions};
pub use found::{find_apps, AppTool, FoundApp};
pub use frame_csp::{frame_csp, FrameCsp, RefusedSource, SourceProblem};
pub use kind::{is_app, is_app_mime_type};
pub use tool_ui::{ToolUi, ToolVisibility};

/// The extension's identifier, under which a client advertises it and a server's `_meta` holds
/// its fields (`_meta.ui`).
pub const APPS_EXTENSION: &str = "io.modelcontextprotocol/ui";

/// The MIME type of an app's HTML, the one the extension defines.
pub const APP_MIME_TYPE: &str = "text/html;profile=mcp-app";

/// The URI scheme of every app resource.
pub const APP_SCHEME: &str = "ui://";

/// The longest resource URI a tool may link to its app: a URI is a key, not a document.
pub const MAX_APP_URI_BYTES: usize = 2048;
