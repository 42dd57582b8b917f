//! A connection to the scenario's server that signs in when the server asks: connect, do the
//! scenario's work, and on `AuthRequired` sign in through Lode's OAuth code and start again
//! with the new token — for a `401`, or for a `403` scope challenge asking for more (step-up).
//! A challenge for scopes already granted, or a fourth sign-in, ends the run: a client must
//! not loop through authorization (MCP 2025-11-25, scope challenge handling).

use std::sync::Arc;
use std::time::Duration;

use lode_core::{LodeError, LodeResult, TransportSpec};
use lode_mcp::oauth::{self, OAuthCredentials, SignInOptions, StepUp};
use lode_mcp::{ConnectOptions, McpClient, ServerAsks};
use serde_json::Value;

use crate::asker::AcceptDefaults;
use crate::browser;

/// Sign-ins one run may do; the suite's `scope-retry-limit` allows at most three.
const MAX_SIGN_INS: usize = 3;
/// The suite's servers answer at once; a hung request should fail well before its timeout.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);
/// The browser step is headless and immediate here.
const REDIRECT_TIMEOUT: Duration = Duration::from_secs(15);
/// The client ID metadata document the suite's `auth/basic-cimd` expects Lode to name itself
/// with. Used only when the authorization server says it accepts such documents.
const CLIENT_METADATA_URL: &str = "https://conformance-test.local/client-metadata.json";

/// Runs `work` on a connection to `url`, signing in as often as the server rightly asks.
pub(crate) async fn authorized(
    url: &str,
    context: &Value,
    work: impl AsyncFn(&McpClient) -> LodeResult<()>,
) -> LodeResult<()> {
    let mut sign_in = sign_in_options(url, context);
    let mut credentials: Option<OAuthCredentials> = None;
    let mut sign_ins = 0;
    loop {
        let error = match connected(url, credentials.as_ref(), &work).await {
            Ok(()) => return Ok(()),
            Err(error) => error,
        };
        if error.code != lode_core::ErrorCode::AuthRequired {
            return Err(error);
        }
        let granted = credentials.as_ref().and_then(|c| c.scope.as_deref());
        match oauth::step_up(&error, granted) {
            StepUp::SignIn => {}
            StepUp::Request(scope) => sign_in.scope = Some(scope),
            StepUp::Hopeless => return Err(gave_up(error, "the scopes asked for are granted")),
        }
        if sign_ins == MAX_SIGN_INS {
            return Err(gave_up(error, "three sign-ins did not satisfy the server"));
        }
        sign_ins += 1;
        eprintln!(
            "lode-conformance: signing in (attempt {sign_ins}): {}",
            error.message
        );
        credentials = Some(oauth::sign_in(&sign_in, browser::open).await?);
    }
}

async fn connected(
    url: &str,
    credentials: Option<&OAuthCredentials>,
    work: &impl AsyncFn(&McpClient) -> LodeResult<()>,
) -> LodeResult<()> {
    let mut options = ConnectOptions::new("the conformance server");
    options.request_timeout = REQUEST_TIMEOUT;
    options.credentials.bearer_token = credentials.map(|c| c.access_token.clone());
    // Like the window, the client answers elicitation (and declares it can).
    options.asks = Some(Arc::new(AcceptDefaults) as Arc<dyn ServerAsks>);
    let client = McpClient::connect(&TransportSpec::http(url), options).await?;
    let outcome = work(&client).await;
    client.close().await;
    outcome
}

/// What the app would take from the connection's settings: a pre-registered client from the
/// scenario's context (`client_id`, `client_secret`), and a client ID metadata document URL.
fn sign_in_options(url: &str, context: &Value) -> SignInOptions {
    let text = |name: &str| context.get(name).and_then(Value::as_str).map(str::to_owned);
    let mut options = SignInOptions::new(url);
    options.client_id = text("client_id");
    options.client_secret = text("client_secret");
    options.client_metadata_url = Some(CLIENT_METADATA_URL.to_owned());
    options.client_name = "Lode conformance client".to_owned();
    options.redirect_timeout = REDIRECT_TIMEOUT;
    options
}

fn gave_up(error: LodeError, why: &str) -> LodeError {
    let message = format!("{} (not signing in again: {why})", error.message);
    LodeError { message, ..error }
}
