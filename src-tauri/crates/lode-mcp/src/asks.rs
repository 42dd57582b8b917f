//! Who answers what a server asks of the person (`elicitation/create`,
//! `sampling/createMessage`): the connection's owner gives one in [`ConnectOptions::asks`]
//! (the window's dialogs, the CLI's prompts); without one Lode declines at once, as before.
//!
//! [`ConnectOptions::asks`]: crate::ConnectOptions::asks

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use lode_core::asks::{ElicitationAnswer, ElicitationRequest, SamplingAnswer, SamplingRequest};

/// An answer to come. The handler drops it when the ask ends without one (the server sent
/// `notifications/cancelled`, the time limit passed, the connection closed): an asker that
/// shows a dialog closes it when its future is dropped.
pub type AskFuture<T> = Pin<Box<dyn Future<Output = T> + Send + 'static>>;

/// How long a server's ask waits for the person by default: long enough to read and fill a
/// form, short enough that a forgotten dialog does not hold a server's request for ever.
pub const ASK_TIME_LIMIT: Duration = Duration::from_secs(10 * 60);

/// Why an asker takes no more asks now (too many already wait for the person): the server is
/// refused at once, told this.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AskRefused(pub String);

/// What shows a server's asks to the person and brings back their answer.
pub trait ServerAsks: Send + Sync + std::fmt::Debug {
    fn elicit(
        &self,
        request: ElicitationRequest,
    ) -> Result<AskFuture<ElicitationAnswer>, AskRefused>;
    fn sample(&self, request: SamplingRequest) -> Result<AskFuture<SamplingAnswer>, AskRefused>;
    /// How long one ask may wait for its answer.
    fn time_limit(&self) -> Duration {
        ASK_TIME_LIMIT
    }
    /// Told of each ask refused before it reached the asker: the connection already had
    /// `MAX_OPEN_ASKS_PER_CONNECTION` open. The window counts them, to say so.
    fn refused(&self) {}
}
