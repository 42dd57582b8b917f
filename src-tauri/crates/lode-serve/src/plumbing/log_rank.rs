//! How MCP's log levels rank, for a server deciding which log messages a client asked to hear:
//! rmcp's `LoggingLevel` ranked by lode-core's table of the level names, the one table the app,
//! the served basket and the demo server all go by.

#![allow(deprecated)] // logging is deprecated by SEP-2577; clients of every era still use it

use lode_core::log_level::log_level_rank;
use rmcp::model::LoggingLevel;
use serde_json::Value;

/// `level`'s rank, from 0 (debug, the most verbose) to 7 (emergency): a message is sent when
/// its rank is at least the one of the level the client chose.
pub fn log_rank(level: LoggingLevel) -> usize {
    // The level by its name on the wire ("debug" … "emergency"), as rmcp writes it.
    serde_json::to_value(level)
        .ok()
        .as_ref()
        .and_then(Value::as_str)
        .and_then(log_level_rank)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_rank_from_debug_to_emergency() {
        let levels = [
            LoggingLevel::Debug,
            LoggingLevel::Info,
            LoggingLevel::Notice,
            LoggingLevel::Warning,
            LoggingLevel::Error,
            LoggingLevel::Critical,
            LoggingLevel::Alert,
            LoggingLevel::Emergency,
        ];
        let ranks: Vec<usize> = levels.into_iter().map(log_rank).collect();
        assert_eq!(ranks, (0..8).collect::<Vec<_>>());
    }
}
