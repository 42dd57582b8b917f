//! Tool results checked against their tools' `outputSchema` (the check itself is lode-core's
//! `tool_output`). The schemas are the last tool listing's; a call made before any listing (the
//! CLI's `lode call`) lists the tools once first, as the official TypeScript SDK's client does.
//!
//! The check runs off the async threads under a time budget. Its bounds keep it fast, but if a
//! schema still slips past them, the call's answer does not wait: it says "not checked", and
//! while that late check runs on, no other starts (one stray thread at most, never a pile).

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use lode_core::tool_output::check_output;
use lode_core::{OutputCheck, ToolItem, ToolResult, UncheckedReason};
use serde_json::Value;

use crate::client::McpClient;

/// How long a check may take before the answer goes out without it.
const BUDGET: Duration = Duration::from_secs(2);

/// Checks still running past their budget, in this process.
static OVERDUE: AtomicUsize = AtomicUsize::new(0);

/// Tool name -> its `outputSchema`, for the tools of the last listing that declare one.
#[derive(Debug, Default)]
pub(crate) struct OutputSchemas(Mutex<Option<Arc<HashMap<String, Value>>>>);

impl OutputSchemas {
    pub(crate) fn remember(&self, tools: &[ToolItem]) {
        let schemas = tools
            .iter()
            .filter_map(|tool| Some((tool.name.clone(), tool.output_schema.clone()?)))
            .collect();
        if let Ok(mut known) = self.0.lock() {
            *known = Some(Arc::new(schemas));
        }
    }

    fn known(&self) -> Option<Arc<HashMap<String, Value>>> {
        self.0.lock().ok().and_then(|known| known.clone())
    }
}

impl McpClient {
    /// `result` of the tool `name`, with its `output_check` set when the tool declares an
    /// `outputSchema`.
    pub(crate) async fn checked(&self, name: &str, mut result: ToolResult) -> ToolResult {
        if result.is_error {
            return result;
        }
        let schemas = match self.output_schemas.known() {
            Some(schemas) => schemas,
            None => {
                if let Err(error) = self.list_tools().await {
                    tracing::debug!(%error, "no tool listing: the result is not checked");
                }
                self.output_schemas.known().unwrap_or_default()
            }
        };
        let Some(schema) = schemas.get(name).cloned() else {
            return result;
        };
        let structured = result.structured_content.clone();
        result.output_check = within_budget(BUDGET, move || {
            check_output(&schema, structured.as_ref(), false)
        })
        .await;
        result
    }
}

/// Runs `check` on a blocking thread; past `budget` the answer is "took too long" (the thread
/// runs on, and until it ends every other check is refused at once).
async fn within_budget(
    budget: Duration,
    check: impl FnOnce() -> Option<OutputCheck> + Send + 'static,
) -> Option<OutputCheck> {
    let too_long = |detail: &str| {
        Some(OutputCheck::Unchecked {
            reason: UncheckedReason::TookTooLong,
            detail: detail.to_owned(),
        })
    };
    if OVERDUE.load(Ordering::SeqCst) > 0 {
        return too_long("an earlier check is still running past its time budget");
    }
    // Running -> Done, or Running -> Late (then the thread itself takes its count back).
    let state = Arc::new(Mutex::new(Lateness::Running));
    let job_state = state.clone();
    let job = tokio::task::spawn_blocking(move || {
        let checked = check();
        if let Ok(mut state) = job_state.lock() {
            if *state == Lateness::Late {
                OVERDUE.fetch_sub(1, Ordering::SeqCst);
            }
            *state = Lateness::Done;
        }
        checked
    });
    match tokio::time::timeout(budget, job).await {
        Ok(Ok(checked)) => checked,
        Ok(Err(failed)) => Some(OutputCheck::Unchecked {
            reason: UncheckedReason::SchemaInvalid,
            detail: format!("the check failed: {failed}"),
        }),
        Err(_) => {
            if let Ok(mut state) = state.lock() {
                if *state == Lateness::Running {
                    *state = Lateness::Late;
                    OVERDUE.fetch_add(1, Ordering::SeqCst);
                }
            }
            too_long(&format!("checking took longer than {} s", budget.as_secs()))
        }
    }
}

#[derive(Debug, PartialEq, Eq)]
enum Lateness {
    Running,
    Late,
    Done,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_late_check_answers_at_once_and_holds_off_the_next_until_it_ends() {
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let slow = within_budget(Duration::from_millis(50), move || {
            let _ = wait.recv();
            Some(OutputCheck::Valid)
        });
        let late = slow.await;
        assert!(matches!(
            late,
            Some(OutputCheck::Unchecked {
                reason: UncheckedReason::TookTooLong,
                ..
            })
        ));
        let refused = within_budget(BUDGET, || Some(OutputCheck::Valid)).await;
        assert!(
            matches!(&refused, Some(OutputCheck::Unchecked { detail, .. }) if detail.contains("earlier")),
            "{refused:?}"
        );
        release.send(()).expect("the late check still waits");
        for _ in 0..100 {
            if OVERDUE.load(Ordering::SeqCst) == 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let fine = within_budget(BUDGET, || Some(OutputCheck::Valid)).await;
        assert_eq!(fine, Some(OutputCheck::Valid));
    }
}
