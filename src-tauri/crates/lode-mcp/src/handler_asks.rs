//! Elicitation and sampling handed to the connection's [`ServerAsks`], each under a bound: the
//! person's answer, the server's `notifications/cancelled`, or the asker's time limit — a server
//! is never left waiting for ever.

#![allow(deprecated)]

use std::future::Future;
use std::time::Duration;

use rmcp::model::{
    ClientCapabilities, CreateMessageRequestParams, CreateMessageResult, ElicitRequestParams,
    ElicitResult, ElicitationAction, ElicitationCapability, ErrorCode as JsonRpcCode, ErrorData,
    FormElicitationCapability, SamplingCapability, UrlElicitationCapability,
};
use rmcp::service::RequestContext;
use rmcp::RoleClient;

use crate::asks::ServerAsks;
use crate::convert::asks::{elicit_result, elicitation_request, sampling_request, sampling_result};
use crate::open_asks::OpenAsks;

/// MCP's code for "the user declined" (the sampling spec's rejection code).
pub(crate) const DECLINED: i32 = -1;

/// Sampling, and elicitation in both modes: only offered when someone can answer.
pub(crate) fn offer(capabilities: &mut ClientCapabilities) {
    capabilities.sampling = Some(SamplingCapability::default());
    capabilities.elicitation = Some(
        ElicitationCapability::new()
            .with_form(FormElicitationCapability::new())
            .with_url(UrlElicitationCapability::new()),
    );
}

enum Ended<T> {
    Answered(T),
    CancelledByServer,
    TimedOut(Duration),
}

/// `answer`, unless the server cancels or the time limit passes first (the answer's future is
/// then dropped, which closes its dialog). The ask counts as open meanwhile: the connection's
/// request time limits stand still (`open_asks`).
async fn bounded<T>(
    limit: Duration,
    context: &RequestContext<RoleClient>,
    open: &OpenAsks,
    answer: impl Future<Output = T>,
) -> Ended<T> {
    let _open = open.open();
    tokio::select! {
        answer = answer => Ended::Answered(answer),
        () = context.ct.cancelled() => Ended::CancelledByServer,
        () = tokio::time::sleep(limit) => Ended::TimedOut(limit),
    }
}

fn cancelled(what: &str) -> ErrorData {
    ErrorData::new(
        JsonRpcCode::INTERNAL_ERROR,
        format!("the {what} request was cancelled by the server"),
        None,
    )
}

pub(crate) async fn elicit(
    asks: &dyn ServerAsks,
    params: ElicitRequestParams,
    context: &RequestContext<RoleClient>,
    open: &OpenAsks,
) -> Result<ElicitResult, ErrorData> {
    let url_mode = matches!(params, ElicitRequestParams::UrlElicitationParams { .. });
    let request = elicitation_request(params)
        .map_err(|error| ErrorData::invalid_params(error.message, None))?;
    match bounded(asks.time_limit(), context, open, asks.elicit(request)).await {
        Ended::Answered(answer) => Ok(elicit_result(answer, url_mode)),
        Ended::CancelledByServer => Err(cancelled("elicitation")),
        // Nobody answered: as if the person had dismissed the dialog.
        Ended::TimedOut(limit) => {
            tracing::info!(?limit, "an elicitation went unanswered; cancelled");
            Ok(ElicitResult::new(ElicitationAction::Cancel))
        }
    }
}

pub(crate) async fn sample(
    asks: &dyn ServerAsks,
    params: &CreateMessageRequestParams,
    context: &RequestContext<RoleClient>,
    open: &OpenAsks,
) -> Result<CreateMessageResult, ErrorData> {
    let request = sampling_request(params);
    let declined = |why: String| ErrorData::new(JsonRpcCode(DECLINED), why, None);
    match bounded(asks.time_limit(), context, open, asks.sample(request)).await {
        Ended::Answered(answer) => sampling_result(answer)
            .ok_or_else(|| declined("the person declined the sampling request".into())),
        Ended::CancelledByServer => Err(cancelled("sampling")),
        Ended::TimedOut(limit) => Err(declined(format!(
            "nobody answered the sampling request within {} s",
            limit.as_secs()
        ))),
    }
}
