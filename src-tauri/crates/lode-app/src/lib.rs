//! Lode's use cases, shared by the desktop shell and the `lode` CLI. Async, and free of any UI
//! framework: the shell and the CLI are thin adapters over [`Lode`].
//!
//! [`Lode`] is defined here, at the crate's root, with what it holds; each group below adds the
//! `impl Lode` blocks of its own noun. The root is the one module every group may name without
//! a cycle among them (`tests/integration/module_cycles.rs`):
//! - `connections/`: saved connections (edits, starts, order, import, sign-in), their secrets,
//!   and the supervisor that keeps one live task per connection;
//! - `settings/`: listing limits, log levels, picker settings, the log's filter and file,
//!   paths, the demo;
//! - `roots/`: the folders a connection offers its server;
//! - `registry/`: MCP registries browsed (a search's page, an entry with its versions) and the
//!   person's list of them;
//! - `window/`: state only the desktop window uses, never the CLI (layout, icons, drag-out,
//!   followed requests, preview reads, subscriptions, protocol history);
//! - `asks/`, `catalog/` (prompts, tools, templates, tool trust), `confirmation/`, `browser/`,
//!   `basket/`, `context_hub/`, `assistants/`, `reading/`: one feature each;
//! - `file_names`, `fresh_file`, `config_file`: files named, written and read safely.

pub mod apps;
mod asks;
pub mod assistants;
mod basket;
mod browser;
mod catalog;
mod config_file;
pub mod confirmation;
mod connections;
pub mod context_hub;
mod file_names;
mod fresh_file;
pub mod install;
pub mod launch_install;
pub mod mcpb;
mod reading;
mod registry;
mod roots;
mod settings;
pub mod skills;
pub mod updates;
mod window;

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use lode_core::LodeResult;
use lode_secrets::SecretStore;
use lode_store::Store;

pub use asks::AskDesk;
pub use basket::{
    AddFailure, AddReport, BundleWritten, SavedBundle, FILL_READS, MATCHING_LIMIT, SERVE_TOKEN_KEY,
};
pub use browser::ListedKey;
pub use catalog::tool_confirmation;
pub use connections::supervisor::{Backoff, EraMemory, Eras, Supervisor, SupervisorOptions};
pub use connections::{import_sources, oauth, LazyKeychain, ServerTarget};
pub use reading::{
    decode_base64, split_pieces, suggested_file_name, write_blob, ContentHead, ContentKind,
    ReadPiece, READ_PIECE_BYTES,
};
pub use settings::{
    built_in_demo, default_data_dir, default_log_file, demo_server_command, is_built_in_demo,
    log_filter, start_log_file, ConnectionPickerSettings, LogFile, PickerSettings, APP_IDENTIFIER,
    BUILT_IN_DEMO_COMMAND, DEMO_CONNECTION_NAME, LOG_FILE_NAME, LOG_FOLDER_CAP,
};
pub use updates::{
    package_url_allowed, plain_loopback_feeds_allowed, update_check_due, update_timeout_from_env,
    FeedInUse, UpdateFeed, UPDATE_FEED_ENV, UPDATE_TIMEOUT_ENV,
};
pub use window::{icons, remove_drag_files, WindowPlace, DRAG_FILE_MAX_AGE, DRAG_OUT_FOLDER};

pub use file_names::{clean_name, file_name, NAME_BYTES};
pub use lode_core as core;
/// The client the CLI drives directly: [`Lode::connect_target_with`] hands one out.
pub use lode_mcp::{
    AskFuture, AskRefused, ConnectOptions, EventSink, ListedIcons, McpClient, ProtocolHistory,
    ServerAsks,
};
/// Secrets as the use cases take them, and the stores behind them.
pub use lode_secrets as secrets;
/// A running HTTP server of a basket: its address, and how to stop it.
pub use lode_serve::HttpServing;

/// The application: saved connections plus the live sessions to them, and what the window and
/// the CLI keep beside them. Its use cases are the `impl Lode` blocks of the groups above.
pub struct Lode {
    /// The folder of the database (the About box shows it).
    data_dir: PathBuf,
    pub(crate) store: Arc<Store>,
    /// Where the connections' secrets are: the OS keychain, opened when first needed.
    pub(crate) secrets: Arc<dyn SecretStore>,
    /// One supervised task per started connection, publishing their statuses and events.
    pub(crate) supervisor: Supervisor,
    /// One index over every connection's resources, for the window's browser.
    pub(crate) browser: Arc<browser::Browser>,
    /// Connections removed in this session, for undo.
    pub(crate) trash: connections::Trash,
    /// The app's HTTP server of a basket, while it runs.
    pub(crate) serving: basket::Serving,
    /// Set by [`Lode::start_all`]: from then on Lode supervises its connections (the app), so
    /// connections added, edited, restored or imported connect at once. The CLI never sets it.
    pub(crate) live: AtomicBool,
    /// The window's preview reads: a newer one cancels an older one still running.
    pub(crate) preview_reads: window::PreviewReads,
    /// The window's followed requests (a tool call with a progress bar and a Cancel).
    pub(crate) followed: window::FollowedRequests,
    /// Servers' `https:` icons, fetched for the window and cached on disk (built when first
    /// asked: the CLI never needs it).
    pub(crate) icons: std::sync::OnceLock<window::icons::IconCache>,
    /// The demo server found beside the running executable: what the built-in demo runs.
    pub(crate) demo: Option<lode_core::TransportSpec>,
    /// Held while a session is started or stopped (`connections/session_changes.rs`).
    pub(crate) session_changes: connections::SessionChanges,
    /// The apps running in the window (`apps/views.rs`).
    pub(crate) app_views: apps::AppViews,
}

impl Lode {
    /// Opens Lode's data in `data_dir`. On the very first open, saves the built-in "Demo"
    /// connection when `demo` (the bundled demo server beside the executable) is given; every
    /// start of the built-in demo runs `demo`. Connections saved with a path to a demo server
    /// (older versions did) become the built-in demo.
    pub fn open(data_dir: &Path, demo: Option<lode_core::TransportSpec>) -> LodeResult<Self> {
        Self::open_on(data_dir, demo, None)
    }

    /// Like [`Lode::open`], with the secrets kept in `secrets` instead of the OS keychain.
    pub fn open_with_secrets(
        data_dir: &Path,
        demo: Option<lode_core::TransportSpec>,
        secrets: Arc<dyn SecretStore>,
    ) -> LodeResult<Self> {
        Self::open_on(data_dir, demo, Some(secrets))
    }

    /// Opens the data in `data_dir`, its secrets in `secrets` or, when none, in the OS keychain
    /// under the database's own service.
    fn open_on(
        data_dir: &Path,
        demo: Option<lode_core::TransportSpec>,
        secrets: Option<Arc<dyn SecretStore>>,
    ) -> LodeResult<Self> {
        let store = Store::open(&settings::database_file(data_dir))?;
        let secrets = match secrets {
            Some(secrets) => secrets,
            None => Arc::new(LazyKeychain::new(settings::keychain_service(&store)?)),
        };
        // Only a Lode that knows where its demo server is turns saved demo paths into the
        // built-in demo: without one, the built-in demo could not start, and the path still can.
        if demo.is_some() {
            store.seed_once(&[(DEMO_CONNECTION_NAME.to_owned(), built_in_demo())])?;
            settings::demo::migrate_demo_paths(&store)?;
        }
        let listing_limits = settings::limits_in(&store);
        let store = Arc::new(store);
        let lode = Self {
            data_dir: data_dir.to_owned(),
            store: store.clone(),
            secrets,
            supervisor: Supervisor::new(SupervisorOptions {
                listing_limits,
                eras: Eras::new(store),
                ..SupervisorOptions::default()
            }),
            browser: Arc::default(),
            trash: Default::default(),
            serving: Default::default(),
            live: AtomicBool::new(false),
            preview_reads: Default::default(),
            followed: Default::default(),
            icons: Default::default(),
            demo,
            session_changes: Default::default(),
            app_views: Default::default(),
        };
        // Folders of bundles whose connections were removed in an earlier run.
        if let Err(error) = lode.sweep_mcpb_folders() {
            tracing::warn!("could not delete unused bundle folders: {}", error.message);
        }
        Ok(lode)
    }

    /// The folder Lode's data was opened from.
    pub fn data_dir(&self) -> &Path {
        &self.data_dir
    }

    /// The icon URLs connected servers listed: the only icons [`Lode::icon_data_url`] fetches.
    pub fn listed_icons(&self) -> &lode_mcp::ListedIcons {
        self.supervisor.listed_icons()
    }
}
