//! lode-app's integration tests, one binary: each test file is a module here, so the workspace links
//! one executable for them instead of one per file (CI time and disk: .ci/test).

mod support {
    pub mod demo;
    pub mod events;
    #[path = "../../../../lode-cli/tests/integration/support/http_server.rs"]
    pub mod http_server;
    pub mod oauth_server;
}

mod apps;
mod ask_flood;
mod basket;
mod browser;
mod built_in_demo;
mod catalog;
mod catalog_changes;
mod connection_edits;
mod connection_secrets;
mod context_hub_profiles;
mod demo_flow;
mod drag_out;
mod era_edits;
mod followed_calls;
mod followed_reads;
mod handshakes;
mod hostile_servers;
mod icons;
mod import_apply;
mod keychain_service;
mod live_roots;
mod log_flood;
mod log_levels;
mod mcpb_folders;
mod oauth;
mod oauth_client_settings;
mod oauth_connection;
mod oauth_step_up;
mod oauth_urls;
mod preview;
mod serve_token;
mod session_changes;
mod skills;
mod supervisor;
mod templates;
