//! lode-store's integration tests, one binary: each test file is a module here, so the workspace
//! links one executable for them instead of one per file (CI time and disk: .ci/test).

mod connection_extras;
mod connection_settings;
mod crash_safety;
