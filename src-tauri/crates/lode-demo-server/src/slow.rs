//! `slow_count`: a tool that takes its time, for progress and cancellation (the slow prompt and
//! the slow read of `slow_reads.rs` count the same way). It counts to
//! `steps`, one step every `delay_ms`, sending `notifications/progress` (with a total) when the
//! request has a `progressToken` and a log message per step (debug) and at start and end
//! (info). It stops when the client sends `notifications/cancelled`, and counts how many calls
//! it saw cancelled: every answer says so, which is how tests check the notification arrived.

#![allow(deprecated)] // logging is deprecated by SEP-2577; clients of every era still use it

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use rmcp::model::{
    CallToolRequestParams, CallToolResult, ContentBlock, JsonObject, LoggingLevel,
    LoggingMessageNotificationParam, ProgressNotificationParam, Tool, ToolAnnotations,
};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::json;

use crate::log_level::LogLevel;

pub const SLOW_COUNT: &str = "slow_count";

const MAX_STEPS: u64 = 1_000;
const MAX_DELAY_MS: u64 = 2_000;
/// Slow requests (tool calls, prompt gets, reads) this server process saw cancelled by their
/// client.
static CANCELLED: AtomicU64 = AtomicU64::new(0);

pub fn tool() -> Tool {
    let schema = json!({
        "type": "object",
        "properties": {
            "steps": { "type": "integer", "minimum": 1, "maximum": MAX_STEPS, "default": 10,
                       "description": "How many steps to count" },
            "delay_ms": { "type": "integer", "minimum": 0, "maximum": MAX_DELAY_MS, "default": 200,
                          "description": "Milliseconds between steps" }
        }
    });
    let schema: JsonObject = match schema {
        serde_json::Value::Object(object) => object,
        _ => JsonObject::new(),
    };
    Tool::new(
        SLOW_COUNT,
        "Count slowly, reporting progress and logging each step; stops when cancelled. \
         The answer says how many calls this server saw cancelled.",
        Arc::new(schema),
    )
    .with_title("Slow count")
    .with_annotations(ToolAnnotations::new().read_only(true).idempotent(true))
}

pub async fn call(
    request: &CallToolRequestParams,
    context: &RequestContext<RoleServer>,
    level: &LogLevel,
) -> CallToolResult {
    let number = |name: &str| {
        request
            .arguments
            .as_ref()
            .and_then(|arguments| arguments.get(name))
            .and_then(serde_json::Value::as_u64)
    };
    let pace = Pace::new(number("steps"), number("delay_ms"));
    match pace.count(SLOW_COUNT, context, level).await {
        Ok(text) => CallToolResult::success(vec![ContentBlock::text(text)]),
        Err(text) => CallToolResult::error(vec![ContentBlock::text(text)]),
    }
}

/// How far and how fast a slow request counts.
pub struct Pace {
    steps: u64,
    delay: Duration,
}

impl Pace {
    /// `steps` (default 10) and `delay_ms` (default 200), each capped.
    pub fn new(steps: Option<u64>, delay_ms: Option<u64>) -> Self {
        Self {
            steps: steps.unwrap_or(10).clamp(1, MAX_STEPS),
            delay: Duration::from_millis(delay_ms.unwrap_or(200).min(MAX_DELAY_MS)),
        }
    }

    /// Counts, reporting progress and logging under `logger` (see the module's comment). The
    /// answer's text, or, when the client cancelled the request, what to say instead.
    pub async fn count(
        &self,
        logger: &str,
        context: &RequestContext<RoleServer>,
        level: &LogLevel,
    ) -> Result<String, String> {
        let steps = self.steps;
        let token = context.meta.get_progress_token();
        let log = async |at: LoggingLevel, text: String| {
            if level.allows(at) {
                let message =
                    LoggingMessageNotificationParam::new(at, json!(text)).with_logger(logger);
                let _ = context.peer.notify_logging_message(message).await;
            }
        };
        tracing::info!(steps, "{logger}: started");
        log(LoggingLevel::Info, format!("counting to {steps}")).await;
        for step in 1..=steps {
            tokio::select! {
                () = context.ct.cancelled() => {
                    let seen = CANCELLED.fetch_add(1, Ordering::SeqCst) + 1;
                    tracing::info!(step, seen, "{logger}: notifications/cancelled received");
                    return Err(format!("cancelled at step {step}"));
                }
                () = tokio::time::sleep(self.delay) => {}
            }
            if let Some(token) = &token {
                let progress = ProgressNotificationParam::new(token.clone(), step as f64)
                    .with_total(steps as f64)
                    .with_message(format!("step {step} of {steps}"));
                let _ = context.peer.notify_progress(progress).await;
            }
            log(LoggingLevel::Debug, format!("step {step} of {steps}")).await;
        }
        log(LoggingLevel::Info, format!("counted to {steps}")).await;
        Ok(format!(
            "counted to {steps}; cancelled calls seen: {}",
            CANCELLED.load(Ordering::SeqCst)
        ))
    }
}
