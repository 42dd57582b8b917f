//! Tool results checked against their tools' `outputSchema` (the check itself is lode-core's
//! `tool_output`). The schemas are the last tool listing's; a call made before any listing (the
//! CLI's `lode call`) lists the tools once first, as the official TypeScript SDK's client does.
//!
//! The check runs off the async threads under a time budget. Its bounds keep it fast, but they
//! cannot bound every schema: boon offers no way to stop a validation midway, and a recursive
//! schema whose `anyOf` branches both follow the recursion doubles its work at each level of the
//! content, which no size cap catches before it runs. So if a check runs past its budget, the
//! call's answer does not wait (it says "not checked") and the thread runs on, but each
//! connection runs one check at a time: a late one holds its connection's checks off until it
//! ends, so one connection has at most one such thread, and the process at most
//! [`MAX_LATE_IN_PROCESS`] (servers reconnected again and again cannot pile them up).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use lode_core::tool_output::check_output;
use lode_core::{OutputCheck, ToolItem, ToolResult, UncheckedReason};
use serde_json::Value;

use crate::client::McpClient;

/// How long a check may take before the answer goes out without it.
const BUDGET: Duration = Duration::from_secs(2);

/// Checks running past their budget in this process, at most.
const MAX_LATE_IN_PROCESS: usize = 2;

/// Checks still running past their budget, in this process.
static LATE: AtomicUsize = AtomicUsize::new(0);

/// One connection's output checking: tool name -> its `outputSchema`, for the tools of the last
/// listing that declare one; and the turn to run a check.
#[derive(Debug, Default)]
pub(crate) struct OutputSchemas {
    known: Mutex<Option<Arc<HashMap<String, Value>>>>,
    turn: Turn,
}

/// One connection's turn to run a check, held by the running check's thread until it ends; and
/// whether that check is past its budget.
#[derive(Debug, Default, Clone)]
struct Turn {
    held: Arc<tokio::sync::Mutex<()>>,
    late: Arc<AtomicBool>,
}

impl OutputSchemas {
    pub(crate) fn remember(&self, tools: &[ToolItem]) {
        let schemas = tools
            .iter()
            .filter_map(|tool| Some((tool.name.clone(), tool.output_schema.clone()?)))
            .collect();
        if let Ok(mut known) = self.known.lock() {
            *known = Some(Arc::new(schemas));
        }
    }

    fn known(&self) -> Option<Arc<HashMap<String, Value>>> {
        self.known.lock().ok().and_then(|known| known.clone())
    }
}

impl McpClient {
    /// `result` of the tool `name`, with its `output_check` set when the tool declares an
    /// `outputSchema`.
    pub(crate) async fn checked(&self, name: &str, mut result: ToolResult) -> ToolResult {
        self.note_block_icons(&result.content);
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
        let turn = self.output_schemas.turn.clone();
        result.output_check = within_budget(BUDGET, turn, &LATE, move || {
            check_output(&schema, structured.as_ref(), false)
        })
        .await;
        result
    }
}

/// Runs `check` on a blocking thread once it is this connection's `turn` (the thread holds the
/// turn until `check` returns, late or not). Past `budget`, waiting included, the answer is
/// "took too long"; while the turn's holder is late, at once. `late` counts the process's checks
/// running past their budget.
async fn within_budget(
    budget: Duration,
    turn: Turn,
    late: &'static AtomicUsize,
    check: impl FnOnce() -> Option<OutputCheck> + Send + 'static,
) -> Option<OutputCheck> {
    let too_long = |detail: &str| {
        Some(OutputCheck::Unchecked {
            reason: UncheckedReason::TookTooLong,
            detail: detail.to_owned(),
        })
    };
    let earlier_late = || {
        too_long("an earlier check of this server's results is still running past its time budget")
    };
    if turn.late.load(Ordering::SeqCst) {
        return earlier_late();
    }
    if late.load(Ordering::SeqCst) >= MAX_LATE_IN_PROCESS {
        return too_long("checks of other results are still running past their time budget");
    }
    let started = tokio::time::Instant::now();
    // Checks that keep to their budget take milliseconds: waiting for one is brief. One that
    // went late meanwhile holds the turn until the budget ends.
    let Ok(my_turn) = tokio::time::timeout(budget, turn.held.clone().lock_owned()).await else {
        return earlier_late();
    };
    let connection_late = turn.late.clone();
    // Running -> Done, or Running -> Late (then the thread itself takes its count back).
    let state = Arc::new(Mutex::new(Lateness::Running));
    let job_state = state.clone();
    let job = tokio::task::spawn_blocking(move || {
        let checked = check();
        if let Ok(mut state) = job_state.lock() {
            if *state == Lateness::Late {
                late.fetch_sub(1, Ordering::SeqCst);
                connection_late.store(false, Ordering::SeqCst);
            }
            *state = Lateness::Done;
        }
        drop(my_turn);
        checked
    });
    match tokio::time::timeout_at(started + budget, job).await {
        Ok(Ok(checked)) => checked,
        Ok(Err(failed)) => Some(OutputCheck::Unchecked {
            reason: UncheckedReason::SchemaInvalid,
            detail: format!("the check failed: {failed}"),
        }),
        Err(_) => {
            if let Ok(mut state) = state.lock() {
                if *state == Lateness::Running {
                    *state = Lateness::Late;
                    late.fetch_add(1, Ordering::SeqCst);
                    turn.late.store(true, Ordering::SeqCst);
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
    use std::sync::mpsc;

    use super::*;

    /// A check that waits until told to end.
    fn held() -> (
        mpsc::Sender<()>,
        impl FnOnce() -> Option<OutputCheck> + Send + 'static,
    ) {
        let (release, wait) = mpsc::channel::<()>();
        (release, move || {
            let _ = wait.recv();
            Some(OutputCheck::Valid)
        })
    }

    fn took_too_long(check: &Option<OutputCheck>, saying: &str) -> bool {
        matches!(check, Some(OutputCheck::Unchecked { reason: UncheckedReason::TookTooLong, detail }) if detail.contains(saying))
    }

    async fn until_none_late(late: &AtomicUsize) {
        for _ in 0..200 {
            if late.load(Ordering::SeqCst) == 0 {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("the late check never ended");
    }

    #[tokio::test]
    async fn a_late_check_answers_at_once_and_holds_off_its_connections_next_until_it_ends() {
        static LATE: AtomicUsize = AtomicUsize::new(0);
        let (one, other): (Turn, Turn) = Default::default();
        let short = Duration::from_millis(50);
        let (release, slow) = held();
        let late = within_budget(short, one.clone(), &LATE, slow).await;
        assert!(took_too_long(&late, "longer than"), "{late:?}");
        assert_eq!(LATE.load(Ordering::SeqCst), 1);

        // The same connection: refused at once, no second thread.
        let ran = Arc::new(AtomicUsize::new(0));
        let counted = ran.clone();
        let refused = within_budget(BUDGET, one.clone(), &LATE, move || {
            counted.fetch_add(1, Ordering::SeqCst);
            Some(OutputCheck::Valid)
        });
        let refused = tokio::time::timeout(Duration::from_millis(500), refused)
            .await
            .expect("refused at once");
        assert!(took_too_long(&refused, "earlier check"), "{refused:?}");
        assert_eq!(ran.load(Ordering::SeqCst), 0);
        // Another connection checks as usual meanwhile.
        let fine = within_budget(BUDGET, other, &LATE, || Some(OutputCheck::Valid)).await;
        assert_eq!(fine, Some(OutputCheck::Valid));

        release.send(()).expect("the late check still waits");
        until_none_late(&LATE).await;
        let fine = within_budget(BUDGET, one, &LATE, || Some(OutputCheck::Valid)).await;
        assert_eq!(fine, Some(OutputCheck::Valid));
    }

    #[tokio::test]
    async fn one_connections_checks_run_one_at_a_time() {
        static LATE: AtomicUsize = AtomicUsize::new(0);
        let turn = Turn::default();
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let checks = (0..4).map(|_| {
            let (running, most) = (running.clone(), most.clone());
            within_budget(BUDGET, turn.clone(), &LATE, move || {
                let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                most.fetch_max(now, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(20));
                running.fetch_sub(1, Ordering::SeqCst);
                Some(OutputCheck::Valid)
            })
        });
        for checked in futures::future::join_all(checks).await {
            assert_eq!(checked, Some(OutputCheck::Valid));
        }
        assert_eq!(most.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn the_process_holds_few_late_checks_however_many_connections() {
        static LATE: AtomicUsize = AtomicUsize::new(0);
        let short = Duration::from_millis(50);
        let mut releases = Vec::new();
        for _ in 0..MAX_LATE_IN_PROCESS {
            let (release, slow) = held();
            releases.push(release);
            let late = within_budget(short, Turn::default(), &LATE, slow).await;
            assert!(took_too_long(&late, "longer than"), "{late:?}");
        }
        let refused = within_budget(BUDGET, Turn::default(), &LATE, || Some(OutputCheck::Valid));
        let refused = tokio::time::timeout(Duration::from_millis(500), refused)
            .await
            .expect("refused at once");
        assert!(took_too_long(&refused, "other results"), "{refused:?}");
        for release in releases {
            release.send(()).expect("the late check still waits");
        }
        until_none_late(&LATE).await;
    }
}
