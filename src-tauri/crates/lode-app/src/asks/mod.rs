//! The asks servers make of the person (elicitation, sampling) while the window is there to
//! answer them: each waits here under an id until the window answers, the server cancels, its
//! time limit passes or its connection stops. The window hears of each as an [`AskEvent`].
//! At most [`MAX_WAITING_ASKS`] wait across every connection (each connection keeps at most
//! `MAX_OPEN_ASKS_PER_CONNECTION`, lode-mcp): past it an ask is refused at once, and the window
//! hears how many were (`refusals`), so what it reads and hears stays bounded. Opening an ask's
//! web page waits for the person's yes (`url_confirmation`).

mod refusals;
mod url_confirmation;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use lode_core::asks::{
    accepted_content, AskAnswer, AskEnd, AskEvent, AskRequest, ElicitationAnswer, ElicitationMode,
    ElicitationRequest, FieldError, PendingAsk, SamplingAnswer, SamplingRequest, WaitingAsks,
    MAX_WAITING_ASKS,
};
use lode_core::{ConnectionId, ErrorCode, LodeError, LodeResult};
use lode_mcp::{AskFuture, AskRefused, ServerAsks, ASK_TIME_LIMIT};

use tokio::sync::{broadcast, oneshot};

use crate::confirmation::Confirmation;
use refusals::Refusals;

struct Waiting {
    ask: PendingAsk,
    reply: oneshot::Sender<AskAnswer>,
    /// Set once its web address was opened: a page opens at most once per ask.
    opened: bool,
}

/// Every ask waiting for the person, and who hears of them.
#[derive(Debug)]
pub struct AskDesk {
    /// Off until a window says it will answer: without one, servers are declined at once.
    open: AtomicBool,
    next: AtomicU64,
    waiting: Mutex<HashMap<u64, WaitingEntry>>,
    events: broadcast::Sender<AskEvent>,
    time_limit: Duration,
    /// Asks refused because too many waited, per connection, for the window.
    refusals: Arc<Refusals>,
}

/// `Waiting`, printable without its contents (a form may hold what the person typed).
struct WaitingEntry(Waiting);
impl std::fmt::Debug for WaitingEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ask {}", self.0.ask.id)
    }
}

impl Default for AskDesk {
    fn default() -> Self {
        Self::with_time_limit(ASK_TIME_LIMIT)
    }
}

impl AskDesk {
    pub fn with_time_limit(time_limit: Duration) -> Self {
        let (events, _) = broadcast::channel(256);
        Self {
            open: AtomicBool::new(false),
            next: AtomicU64::new(1),
            waiting: Mutex::new(HashMap::new()),
            refusals: Arc::new(Refusals::new(events.clone())),
            events,
            time_limit,
        }
    }

    /// From now on, connections that start offer elicitation and sampling, and their asks
    /// wait here for the window.
    pub fn open(&self) {
        self.open.store(true, Ordering::Release);
    }

    pub fn events(&self) -> broadcast::Receiver<AskEvent> {
        self.events.subscribe()
    }

    /// What still waits, and what was refused meanwhile (for a window that opens, reloads or
    /// missed events). Bounded: at most [`MAX_WAITING_ASKS`] asks of at most `MAX_ASK_BYTES`.
    pub fn waiting(&self) -> WaitingAsks {
        WaitingAsks {
            asks: self.pending(),
            refused: self.refusals.all(),
        }
    }

    /// What still waits, oldest first.
    pub fn pending(&self) -> Vec<PendingAsk> {
        let mut asks: Vec<PendingAsk> = self.lock().values().map(|w| w.0.ask.clone()).collect();
        asks.sort_by_key(|ask| ask.id);
        asks
    }

    /// The asker for one connection, or `None` while no window answers.
    pub(crate) fn asker(
        self: &Arc<Self>,
        connection: ConnectionId,
        server: &str,
    ) -> Option<Arc<dyn ServerAsks>> {
        self.open.load(Ordering::Acquire).then(|| {
            Arc::new(ConnectionAsker {
                desk: self.clone(),
                connection,
                server: server.to_owned(),
            }) as Arc<dyn ServerAsks>
        })
    }

    /// The person's answer to ask `id`. An accepted form is checked against its schema first:
    /// an answer that does not fit is refused with each field's problem, and the ask waits on.
    pub fn answer(&self, id: u64, answer: AskAnswer) -> LodeResult<()> {
        let mut waiting = self.lock();
        let entry = waiting.get(&id).ok_or_else(|| {
            LodeError::new(
                ErrorCode::NotFound,
                "this request is no longer waiting: the server cancelled it or it timed out",
            )
        })?;
        let answer = match (&entry.0.ask.ask, answer) {
            (AskRequest::Elicitation(request), AskAnswer::Elicitation(answer)) => {
                AskAnswer::Elicitation(checked(request, answer)?)
            }
            (AskRequest::Sampling(_), AskAnswer::Sampling(answer)) => AskAnswer::Sampling(answer),
            _ => {
                return Err(LodeError::new(
                    ErrorCode::InvalidInput,
                    "the answer is not of the kind the server asked for",
                ))
            }
        };
        if let Some(entry) = waiting.remove(&id) {
            self.forget_refusals_when_done(&waiting, entry.0.ask.connection);
            let _ = entry.0.reply.send(answer);
        }
        Ok(())
    }

    /// The question the person answers in Lode's own dialog before the page of URL elicitation
    /// `id` opens (the page asking cannot answer it): only for an ask still waiting whose
    /// address the browser may open (`http(s)`) and that was not opened yet.
    pub fn url_question(&self, id: u64) -> LodeResult<Confirmation> {
        let waiting = self.lock();
        let (server, url) = openable(waiting.get(&id))?;
        Ok(url_confirmation::for_opening(server, url))
    }

    /// The address of URL elicitation `id`, to open now that the person agreed; from then on
    /// it is refused (a page opens once per ask). The window names the ask, never the address:
    /// it cannot open anything else.
    pub fn take_url_to_open(&self, id: u64) -> LodeResult<String> {
        let mut waiting = self.lock();
        let url = openable(waiting.get(&id))?.1.to_owned();
        if let Some(entry) = waiting.get_mut(&id) {
            entry.0.opened = true;
        }
        Ok(url)
    }

    /// Ends every ask of `connection` (it stopped or was lost): their dialogs close.
    pub(crate) fn end_connection(&self, connection: ConnectionId) {
        let ended: Vec<u64> = {
            let mut waiting = self.lock();
            let ids: Vec<u64> = waiting
                .iter()
                .filter(|(_, w)| w.0.ask.connection == connection)
                .map(|(id, _)| *id)
                .collect();
            ids.iter().for_each(|id| {
                waiting.remove(id);
            });
            ids
        };
        self.refusals.forget(connection);
        for id in ended {
            let _ = self.events.send(AskEvent::Closed {
                id,
                end: AskEnd::ConnectionStopped,
            });
        }
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<u64, WaitingEntry>> {
        self.waiting
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Once `connection` has no ask waiting, its refusals are forgotten: the window's "N more
    /// refused" is about the asks it shows.
    fn forget_refusals_when_done(
        &self,
        waiting: &HashMap<u64, WaitingEntry>,
        connection: ConnectionId,
    ) {
        if !waiting.values().any(|w| w.0.ask.connection == connection) {
            self.refusals.forget(connection);
        }
    }

    /// Registers `ask` and returns the answer's receiver and a guard that withdraws the ask
    /// (and tells the window) when the wait ends without an answer; refused when
    /// [`MAX_WAITING_ASKS`] already wait.
    fn register(
        self: &Arc<Self>,
        connection: ConnectionId,
        server: &str,
        ask: AskRequest,
    ) -> Result<(oneshot::Receiver<AskAnswer>, Withdraw), AskRefused> {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let (reply, answer) = oneshot::channel();
        let pending = PendingAsk {
            id,
            connection,
            server: server.to_owned(),
            ask,
        };
        {
            let mut waiting = self.lock();
            if waiting.len() >= MAX_WAITING_ASKS {
                drop(waiting);
                self.refusals.refused(connection, server);
                return Err(AskRefused(format!(
                    "Lode keeps at most {MAX_WAITING_ASKS} waiting across all servers"
                )));
            }
            waiting.insert(
                id,
                WaitingEntry(Waiting {
                    ask: pending.clone(),
                    reply,
                    opened: false,
                }),
            );
        }
        let _ = self.events.send(AskEvent::Opened {
            ask: Box::new(pending),
        });
        let withdraw = Withdraw {
            desk: self.clone(),
            id,
            since: Instant::now(),
        };
        Ok((answer, withdraw))
    }
}

/// The server and address of `entry` when it is a waiting URL elicitation whose address the
/// browser may open and that was not opened yet.
fn openable(entry: Option<&WaitingEntry>) -> LodeResult<(&str, &str)> {
    let Some(WaitingEntry(waiting)) = entry else {
        return Err(LodeError::new(
            ErrorCode::NotFound,
            "this request is no longer waiting",
        ));
    };
    match &waiting.ask.ask {
        AskRequest::Elicitation(ElicitationRequest {
            mode: ElicitationMode::Url {
                url, opens: true, ..
            },
            ..
        }) if !waiting.opened => Ok((&waiting.ask.server, url)),
        AskRequest::Elicitation(ElicitationRequest {
            mode: ElicitationMode::Url { opens: true, .. },
            ..
        }) => Err(LodeError::new(
            ErrorCode::InvalidInput,
            "this request's web page was opened already: Lode opens it once",
        )),
        _ => Err(LodeError::new(
            ErrorCode::InvalidInput,
            "this request has no web address Lode opens",
        )),
    }
}

/// An accepted form's content, as the server will get it; the field problems otherwise.
fn checked(
    request: &ElicitationRequest,
    answer: ElicitationAnswer,
) -> LodeResult<ElicitationAnswer> {
    match (&request.mode, answer) {
        (ElicitationMode::Form { form, .. }, ElicitationAnswer::Accept { content }) => {
            accepted_content(form, &content)
                .map(|content| ElicitationAnswer::Accept { content })
                .map_err(field_errors)
        }
        (_, answer) => Ok(answer),
    }
}

fn field_errors(errors: Vec<FieldError>) -> LodeError {
    let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
    let mut error = LodeError::new(
        ErrorCode::InvalidInput,
        format!("some answers do not fit the form: {}", fields.join(", ")),
    );
    error.detail = serde_json::to_string(&errors).ok();
    error
}

/// Withdraws an ask whose wait ended without the person's answer: the server cancelled, the
/// time limit passed, or the connection went. Answered asks are already gone, so it does
/// nothing for them.
struct Withdraw {
    desk: Arc<AskDesk>,
    id: u64,
    since: Instant,
}

impl Drop for Withdraw {
    fn drop(&mut self) {
        let removed = {
            let mut waiting = self.desk.lock();
            let removed = waiting.remove(&self.id);
            if let Some(entry) = &removed {
                self.desk
                    .forget_refusals_when_done(&waiting, entry.0.ask.connection);
            }
            removed
        };
        if removed.is_some() {
            let end = if self.since.elapsed() >= self.desk.time_limit {
                AskEnd::TimedOut
            } else {
                AskEnd::CancelledByServer
            };
            let _ = self.desk.events.send(AskEvent::Closed { id: self.id, end });
        }
    }
}

#[derive(Debug)]
struct ConnectionAsker {
    desk: Arc<AskDesk>,
    connection: ConnectionId,
    server: String,
}

impl ServerAsks for ConnectionAsker {
    fn elicit(
        &self,
        request: ElicitationRequest,
    ) -> Result<AskFuture<ElicitationAnswer>, AskRefused> {
        let (answer, withdraw) = self.desk.register(
            self.connection,
            &self.server,
            AskRequest::Elicitation(request),
        )?;
        Ok(Box::pin(async move {
            let _withdraw = withdraw;
            match answer.await {
                Ok(AskAnswer::Elicitation(answer)) => answer,
                // The connection ended while the dialog was open.
                _ => ElicitationAnswer::Cancel,
            }
        }))
    }

    fn sample(&self, request: SamplingRequest) -> Result<AskFuture<SamplingAnswer>, AskRefused> {
        let (answer, withdraw) =
            self.desk
                .register(self.connection, &self.server, AskRequest::Sampling(request))?;
        Ok(Box::pin(async move {
            let _withdraw = withdraw;
            match answer.await {
                Ok(AskAnswer::Sampling(answer)) => answer,
                _ => SamplingAnswer::Declined,
            }
        }))
    }

    fn time_limit(&self) -> Duration {
        self.desk.time_limit
    }

    fn refused(&self) {
        self.desk.refusals.refused(self.connection, &self.server);
    }
}

#[cfg(test)]
mod tests;
