//! lode-cli's integration tests, one binary: each test file is a module here, so the workspace links
//! one executable for them instead of one per file (CI time and disk: .ci/test).
//! Most of them use the keychain like every `lode` command: run them as CI does,
//! `bash .ci/with-keychain cargo test -p lode-cli --test integration [FILTER]`.

mod support;

mod ask_interrupt;
mod asks;
mod assistant_commands;
mod call_interrupt;
mod cli_commands;
mod connections_commands;
mod demo_server;
mod gateway_timeout;
mod hostile_listings;
mod hostile_notifications;
mod hostile_text;
mod hub_commands;
mod import_commands;
mod install_commands;
mod install_mcpb_commands;
mod no_keychain;
mod no_resources;
mod read_template;
mod real_servers;
mod real_servers_apps;
mod real_servers_commands;
mod real_servers_skills;
mod real_servers_watch;
mod registry_commands;
mod registry_list_commands;
mod search_commands;
mod serve_clients;
mod serve_token;
mod server_process;
mod third_party;
mod tool_output;
mod trace_file;
