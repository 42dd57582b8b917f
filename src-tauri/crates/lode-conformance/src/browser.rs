//! The person's browser, headless: opens the authorization URL without following its redirect,
//! and takes the redirect's target (Lode's own loopback listener, waiting inside
//! `lode_mcp::oauth::sign_in`) itself. The conformance suite's authorization servers approve at
//! once, so there is no page to fill in.

use std::time::Duration;

use lode_core::{ErrorCode, LodeError, LodeResult};

const STEP_TIMEOUT: Duration = Duration::from_secs(10);

/// Called by the sign-in with the authorization URL: the visit runs beside the sign-in, which
/// is waiting for the redirect on its listener. A failed visit is printed; the sign-in then
/// ends with its own timeout.
pub(crate) fn open(authorization_url: &str) -> LodeResult<()> {
    let url = authorization_url.to_owned();
    tokio::spawn(async move {
        if let Err(error) = visit(&url).await {
            eprintln!(
                "lode-conformance: the headless browser failed: {}",
                error.message
            );
        }
    });
    Ok(())
}

async fn visit(url: &str) -> LodeResult<()> {
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(STEP_TIMEOUT)
        .build()
        .map_err(|e| failed(format!("no HTTP client: {e}")))?;
    let approval = client
        .get(url)
        .send()
        .await
        .map_err(|e| failed(format!("the authorization endpoint is unreachable: {e}")))?;
    if !approval.status().is_redirection() {
        return Err(failed(format!(
            "the authorization endpoint answered HTTP {} instead of redirecting",
            approval.status()
        )));
    }
    let callback = approval
        .headers()
        .get(reqwest::header::LOCATION)
        .and_then(|value| value.to_str().ok())
        .ok_or_else(|| failed("the authorization redirect has no Location".into()))?
        .to_owned();
    // The callback is Lode's loopback listener: a GET ends the sign-in's wait.
    client
        .get(&callback)
        .send()
        .await
        .map_err(|e| failed(format!("Lode's redirect listener is unreachable: {e}")))?;
    Ok(())
}

fn failed(message: String) -> LodeError {
    LodeError::new(ErrorCode::AuthRequired, message)
}
