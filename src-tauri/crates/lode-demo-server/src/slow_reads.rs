//! A slow prompt and a slow read, for the progress and Cancel of prompt gets and reads: they
//! count like `slow_count` (`slow.rs`), reporting progress when asked, and stop when cancelled.
//!
//! - the prompt `slow_prompt`, arguments `steps` and `delay_ms` (numbers as text);
//! - the template `demo://slow/{steps}`, read as e.g. `demo://slow/20` or
//!   `demo://slow/20?delay_ms=50`; it is not listed as a resource.

use rmcp::model::{
    GetPromptRequestParams, GetPromptResult, Prompt, PromptArgument, PromptMessage,
    ReadResourceResult, ResourceContents, ResourceTemplate, Role,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::ErrorData;

use crate::log_level::LogLevel;
use crate::slow::Pace;

pub const SLOW_PROMPT: &str = "slow_prompt";
pub const SLOW_READ: &str = "demo://slow/{steps}";
const SLOW_READ_PREFIX: &str = "demo://slow/";

pub fn prompt() -> Prompt {
    let arguments = vec![
        PromptArgument::new("steps")
            .with_title("Steps")
            .with_description("How many steps to count (default 10)")
            .with_required(false),
        PromptArgument::new("delay_ms")
            .with_title("Delay")
            .with_description("Milliseconds between steps (default 200)")
            .with_required(false),
    ];
    Prompt::new(
        SLOW_PROMPT,
        Some("Count slowly before answering, reporting progress; stops when cancelled"),
        Some(arguments),
    )
    .with_title("Slow prompt")
}

pub fn template() -> ResourceTemplate {
    ResourceTemplate::new(SLOW_READ, "slow-read")
        .with_title("Slow read")
        .with_description(
            "Counts `steps` steps (200 ms each, or ?delay_ms=N) before answering, \
             reporting progress; stops when cancelled",
        )
        .with_mime_type("text/plain")
}

pub async fn get_prompt(
    request: &GetPromptRequestParams,
    context: &RequestContext<RoleServer>,
    level: &LogLevel,
) -> Result<GetPromptResult, ErrorData> {
    let number = |name: &str| {
        request
            .arguments
            .as_ref()
            .and_then(|arguments| arguments.get(name))
            .and_then(|value| value.as_str())
            .and_then(|text| text.trim().parse().ok())
    };
    let pace = Pace::new(number("steps"), number("delay_ms"));
    let text = pace
        .count(SLOW_PROMPT, context, level)
        .await
        .map_err(|cancelled| ErrorData::internal_error(cancelled, None))?;
    Ok(GetPromptResult::new(vec![PromptMessage::new_text(
        Role::User,
        text,
    )]))
}

/// Reads `demo://slow/…`; `None` for any other URI.
pub async fn read(
    uri: &str,
    context: &RequestContext<RoleServer>,
    level: &LogLevel,
) -> Option<Result<ReadResourceResult, ErrorData>> {
    let rest = uri.strip_prefix(SLOW_READ_PREFIX)?;
    let (steps, query) = rest.split_once('?').unwrap_or((rest, ""));
    let steps = steps.parse().ok();
    let delay = query
        .strip_prefix("delay_ms=")
        .and_then(|ms| ms.parse().ok());
    let answer = match Pace::new(steps, delay)
        .count("slow_read", context, level)
        .await
    {
        Ok(text) => Ok(ReadResourceResult::new(vec![ResourceContents::text(
            text, uri,
        )
        .with_mime_type("text/plain")])),
        Err(cancelled) => Err(ErrorData::internal_error(cancelled, None)),
    };
    Some(answer)
}
