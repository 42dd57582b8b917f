//! What only the desktop window uses: the CLI never touches any of it (it reads, calls and
//! watches through its own `McpClient`, prints its own output and has no window).
//!
//! - `layout`: where the window was and how wide its panes were;
//! - `icons`, `icon_requests`: servers' `https:` icons, cached on disk, fetched only when a
//!   server listed them;
//! - `drag_out`: a basket item dragged out of the window as a file;
//! - `followed_requests`: the window's tool calls, prompt gets and reads with progress and a
//!   Cancel;
//! - `preview_reads`: the preview's reads, a newer one cancelling an older one;
//! - `subscriptions`: watching the resource the preview shows;
//! - `protocol_history`: a connection's JSON-RPC messages, listed and exported.

mod drag_out;
mod followed_requests;
mod icon_requests;
pub mod icons;
mod layout;
mod preview_reads;
mod protocol_history;
mod subscriptions;

pub use drag_out::{remove_drag_files, DRAG_FILE_MAX_AGE, DRAG_OUT_FOLDER};
pub(crate) use followed_requests::FollowedRequests;
pub use layout::WindowPlace;
pub(crate) use preview_reads::PreviewReads;
