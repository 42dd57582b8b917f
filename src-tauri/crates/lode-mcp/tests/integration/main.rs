//! lode-mcp's integration tests, one binary: each test file is a module here, so the workspace links
//! one executable for them instead of one per file (CI time and disk: .ci/test).

mod support {
    pub mod fake_http;
    pub mod pages;
    pub mod scripted;
}

mod asks;
mod faults;
mod flood;
mod history;
mod http;
mod large_pages;
mod listed_icons;
mod listing_ttl;
mod reads;
mod rest;
mod rest_read_forms;
mod resumable;
mod shutdown;
mod sse;
mod tool_output;
mod upstream;
