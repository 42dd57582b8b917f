//! The log levels of MCP's `logging/setLevel` (RFC 5424's severities), lowest first.

use crate::{ErrorCode, LodeError, LodeResult};

/// Every level a server can be asked for, from the most to the least verbose.
pub const LOG_LEVELS: [&str; 8] = [
    "debug",
    "info",
    "notice",
    "warning",
    "error",
    "critical",
    "alert",
    "emergency",
];

/// `level` if it is one of [`LOG_LEVELS`], else a clear `invalidInput`.
pub fn check_log_level(level: &str) -> LodeResult<()> {
    if LOG_LEVELS.contains(&level) {
        Ok(())
    } else {
        Err(LodeError::new(
            ErrorCode::InvalidInput,
            format!(
                "{level:?} is not a log level; one of {}",
                LOG_LEVELS.join(", ")
            ),
        ))
    }
}

/// Where `level` comes in [`LOG_LEVELS`] (0 the most verbose): a message is sent to someone who
/// chose a level when its rank is at least theirs. `None` for a name that is not a level.
pub fn log_level_rank(level: &str) -> Option<usize> {
    LOG_LEVELS.iter().position(|known| *known == level)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_eight_levels_pass() {
        for level in LOG_LEVELS {
            assert!(check_log_level(level).is_ok());
        }
        assert_eq!(log_level_rank("debug"), Some(0));
        assert!(log_level_rank("warning") < log_level_rank("error"));
        assert_eq!(log_level_rank("emergency"), Some(7));
        for bad in ["", "DEBUG", "verbose", "info\n"] {
            assert_eq!(log_level_rank(bad), None);
            assert_eq!(
                check_log_level(bad).map_err(|e| e.code),
                Err(ErrorCode::InvalidInput)
            );
        }
    }
}
