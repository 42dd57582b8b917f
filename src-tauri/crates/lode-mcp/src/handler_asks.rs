//! Elicitation and sampling handed to the connection's [`ServerAsks`], each under a bound: the
//! person's answer, the server's `notifications/cancelled`, or the asker's time limit — a server
//! is never left waiting for ever. A connection keeps at most
//! [`MAX_OPEN_ASKS_PER_CONNECTION`] asks open: past it (or when the asker has no room), an ask
//! is refused at once with [`TOO_MANY_ASKS`], before its contents are even read.

#![allow(deprecated)]

use std::future::Future;
use std::time::Duration;

use lode_core::asks::{MAX_OPEN_ASKS_PER_CONNECTION, TOO_MANY_ASKS};
use rmcp::model::{
    ClientCapabilities, CreateMessageRequestParams, CreateMessageResult, ElicitRequestParams,
    ElicitResult, ElicitationAction, ElicitationCapability, ErrorCode as JsonRpcCode, ErrorData,
    FormElicitationCapability, SamplingCapability, UrlElicitationCapability,
};
use rmcp::service::RequestContext;
use rmcp::RoleClient;

use crate::asks::{AskFuture, AskRefused, ServerAsks};
use crate::convert::asks::{elicit_result, elicitation_request, sampling_request, sampling_result};
use crate::open_asks::{AskOpen, OpenAsks};

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

/// The JSON-RPC code of a refused ask: the protocol has none for "too many", and the request
/// did not fail for anything the server sent; the message says why.
pub(crate) const TOO_MANY_CODE: JsonRpcCode = JsonRpcCode::INTERNAL_ERROR;

/// The error a server gets for an ask past the cap, at once.
fn too_many(why: &str) -> ErrorData {
    ErrorData::new(
        TOO_MANY_CODE,
        format!("{TOO_MANY_ASKS}: {why}; this request was refused, try again later"),
        None,
    )
}

/// A seat for one more ask on this connection, or the refusal the server gets at once (the
/// asker is told, so the window can say how many were refused).
fn seat(asks: &dyn ServerAsks, open: &OpenAsks) -> Result<AskOpen, ErrorData> {
    open.try_open().ok_or_else(|| {
        asks.refused();
        too_many(&format!(
            "Lode keeps at most {MAX_OPEN_ASKS_PER_CONNECTION} open per connection"
        ))
    })
}

/// The asker's answer to come, or its refusal as the server's error.
fn handed<T>(asked: Result<AskFuture<T>, AskRefused>) -> Result<AskFuture<T>, ErrorData> {
    asked.map_err(|refused| too_many(&refused.0))
}

/// `answer`, unless the server cancels or the time limit passes first (the answer's future is
/// then dropped, which closes its dialog). The ask counts as open until then (`_seat`): the
/// connection's request time limits stand still (`open_asks`).
async fn bounded<T>(
    limit: Duration,
    context: &RequestContext<RoleClient>,
    _seat: AskOpen,
    answer: impl Future<Output = T>,
) -> Ended<T> {
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
    let seat = seat(asks, open)?;
    let url_mode = matches!(params, ElicitRequestParams::UrlElicitationParams { .. });
    let request = elicitation_request(params)
        .map_err(|error| ErrorData::invalid_params(error.message, None))?;
    let answer = handed(asks.elicit(request))?;
    match bounded(asks.time_limit(), context, seat, answer).await {
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
    let seat = seat(asks, open)?;
    let request = sampling_request(params);
    let declined = |why: String| ErrorData::new(JsonRpcCode(DECLINED), why, None);
    let answer = handed(asks.sample(request))?;
    match bounded(asks.time_limit(), context, seat, answer).await {
        Ended::Answered(answer) => sampling_result(answer)
            .ok_or_else(|| declined("the person declined the sampling request".into())),
        Ended::CancelledByServer => Err(cancelled("sampling")),
        Ended::TimedOut(limit) => Err(declined(format!(
            "nobody answered the sampling request within {} s",
            limit.as_secs()
        ))),
    }
}
