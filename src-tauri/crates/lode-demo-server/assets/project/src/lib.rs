//! Atlas library: configuration, warehouse access, query compilation and HTTP routes.

pub mod config;
pub mod http;
pub mod query;
pub mod report;
pub mod warehouse;

/// Money is kept in integer cents end to end; floats only appear in reports.
pub type Cents = i64;
