//! The demo server's integration tests, one binary: each test file is a module here, so the
//! workspace links one executable for them instead of one per file (CI time and disk: .ci/test).

mod support;

mod app;
mod catalog;
mod http;
mod live;
mod skills;
mod stdio_exit;
