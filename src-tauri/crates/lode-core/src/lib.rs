//! Lode's domain: the types every layer shares, and pure logic over them. No I/O here,
//! and nothing that knows about MCP libraries, SQLite, keychains or Tauri.

pub mod about;
pub mod apps;
pub mod asks;
pub mod assistants;
pub mod basket;
pub mod browse;
pub mod catalog;
pub mod connection;
pub mod context_hub;
pub mod credentials;
pub mod draft;
pub mod error;
pub mod event;
pub mod import;
pub mod index;
pub mod install;
pub mod item_meta;
pub mod listing;
pub mod listing_bounds;
pub mod log_level;
pub mod mcpb;
pub mod meta_json;
pub mod mime;
pub mod origin;
pub mod protocol_history;
pub mod registry;
pub mod resource;
pub mod reveal;
pub mod secret_scrubber;
pub mod server;
pub mod skills;
pub mod tokens;
pub mod tool_output;
pub mod update_failure;
pub mod uri_template;

pub use about::{
    AboutLode, DownloadProgress, PageMarks, UpdateCheck, UpdateFeedChoice, UpdateFeedSource,
    UpdateFeedState, UpdateInfo,
};
pub use catalog::{
    ContentBlock, PromptArgument, PromptItem, PromptMessage, PromptResult, ToolHints, ToolItem,
    ToolResult,
};
pub use connection::{
    ConnectOutcome, Connection, ConnectionId, ConnectionSettings, SecretPlace, TransportSpec,
    DEFAULT_TIMEOUT_SECS,
};
pub use credentials::{ApiKey, Credentials};
pub use draft::{
    check_draft, ConnectionDraft, DraftField, DraftProblem, DraftProblemKind, SecretChange,
    SecretEdit, SecretText,
};
pub use error::{ErrorCode, LodeError, LodeResult};
pub use event::{
    ConnectionEvent, ConnectionEventKind, ConnectionState, ConnectionStatus, ServerEvent,
};
pub use listing::{
    CacheHint, Completion, ItemWarning, ListProgress, ResourceListing, ResourceTemplate,
};
pub use listing_bounds::{ListingCut, ListingLimits};
pub use meta_json::MetaJson;
pub use protocol_history::{WireDirection, WireKind, WireMessage};
pub use resource::{Annotations, Icon, IconTheme, ResourceContent, ResourceItem, Role};
pub use secret_scrubber::{SecretScrubber, SCRUBBED};
pub use server::{ProtocolEra, ServerCapabilities, ServerInfo};
pub use tool_output::{OutputCheck, OutputProblem, UncheckedReason};
pub use update_failure::{ErrorFacts, UpdateFailure, UpdateReason, UpdateStep};
