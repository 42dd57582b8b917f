//! The redirect listener (RFC 8252 §7.3): `http://127.0.0.1:<ephemeral port>/callback`. It
//! waits for the one redirect that ends the sign-in, answers the browser with a short plain
//! page, and gives up after a time limit. Anything else is answered 400 without disturbing the
//! wait: another path (a favicon, a probe), and a callback whose `state` is not this sign-in's
//! (another local process or web page racing the browser must not end, or fail, the sign-in).

use std::net::{Ipv4Addr, SocketAddr};
use std::time::Duration;

use lode_core::{ErrorCode, LodeError, LodeResult};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;

const CALLBACK_PATH: &str = "/callback";
/// A request head larger than this is not the redirect.
const MAX_HEAD_BYTES: usize = 16 * 1024;
/// How long one connection may take to send its request head.
const HEAD_TIMEOUT: Duration = Duration::from_secs(10);

pub(crate) struct Loopback {
    listener: TcpListener,
    redirect_uri: String,
}

/// The redirect's query: `code` and `state`, or `error` (RFC 6749 §4.1.2).
struct Redirect {
    query: String,
    stream: TcpStream,
}

impl Loopback {
    pub(crate) async fn bind() -> LodeResult<Self> {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
            .await
            .map_err(|e| {
                LodeError::new(
                    ErrorCode::Internal,
                    format!("could not listen on 127.0.0.1 for the sign-in redirect: {e}"),
                )
            })?;
        let port = listener.local_addr().map(|a| a.port()).map_err(|e| {
            LodeError::new(
                ErrorCode::Internal,
                format!("the sign-in redirect listener has no port: {e}"),
            )
        })?;
        Ok(Self {
            listener,
            redirect_uri: format!("http://127.0.0.1:{port}{CALLBACK_PATH}"),
        })
    }

    pub(crate) fn redirect_uri(&self) -> &str {
        &self.redirect_uri
    }

    /// Waits up to `timeout` for the redirect and returns its authorization code, after
    /// checking `state` (a redirect that does not carry it was not caused by this sign-in).
    pub(crate) async fn authorization_code(
        self,
        state: &str,
        timeout: Duration,
    ) -> LodeResult<String> {
        tokio::time::timeout(timeout, self.wait_for(state))
            .await
            .map_err(|_| {
                LodeError::new(
                    ErrorCode::Timeout,
                    format!(
                        "the sign-in was not completed in the browser within {}: start it again",
                        human(timeout)
                    ),
                )
            })?
    }

    /// Serves the listener until a callback carries `state`; callbacks that do not are
    /// answered 400 and the wait goes on.
    async fn wait_for(self, state: &str) -> LodeResult<String> {
        let (found, mut redirects) = mpsc::channel::<Redirect>(4);
        loop {
            tokio::select! {
                accepted = self.listener.accept() => {
                    let (stream, peer) = accepted.map_err(|e| LodeError::new(
                        ErrorCode::Internal,
                        format!("the sign-in redirect listener failed: {e}"),
                    ))?;
                    tokio::spawn(serve(stream, peer, found.clone()));
                }
                Some(redirect) = redirects.recv() => {
                    if !carries_state(&redirect.query, state) {
                        tracing::warn!(
                            "a sign-in callback without this sign-in's state was refused; still \
                             waiting for the browser"
                        );
                        tokio::spawn(answer_stranger(redirect.stream));
                        continue;
                    }
                    let outcome = code_from(&redirect.query, state);
                    answer_browser(redirect.stream, outcome.is_ok()).await;
                    return outcome;
                }
            }
        }
    }
}

/// Reads one request; hands a `GET /callback?...` to the waiting sign-in, answers anything
/// else with 400.
async fn serve(mut stream: TcpStream, peer: SocketAddr, found: mpsc::Sender<Redirect>) {
    if !peer.ip().is_loopback() {
        return;
    }
    let Ok(Ok(head)) = tokio::time::timeout(HEAD_TIMEOUT, read_head(&mut stream)).await else {
        return;
    };
    let target = head
        .lines()
        .next()
        .and_then(|line| line.strip_prefix("GET "))
        .and_then(|rest| rest.split(' ').next());
    match target.and_then(|t| t.strip_prefix(CALLBACK_PATH)) {
        Some(rest) if rest.is_empty() || rest.starts_with('?') => {
            let query = rest.trim_start_matches('?').to_owned();
            let _ = found.send(Redirect { query, stream }).await;
        }
        _ => {
            let _ = write_page(
                &mut stream,
                "400 Bad Request",
                "This address only receives Lode's sign-in.",
            )
            .await;
        }
    }
}

async fn read_head(stream: &mut TcpStream) -> std::io::Result<String> {
    let mut head = Vec::new();
    let mut buffer = [0_u8; 2048];
    while !head.windows(4).any(|w| w == b"\r\n\r\n") {
        let read = stream.read(&mut buffer).await?;
        if read == 0 || head.len() + read > MAX_HEAD_BYTES {
            return Err(std::io::ErrorKind::InvalidData.into());
        }
        head.extend_from_slice(&buffer[..read]);
    }
    Ok(String::from_utf8_lossy(&head).into_owned())
}

/// Whether the redirect's query carries exactly `expected` as its `state`.
fn carries_state(query: &str, expected: &str) -> bool {
    url::form_urlencoded::parse(query.as_bytes())
        .filter(|(key, _)| key == "state")
        .map(|(_, value)| value == expected)
        .reduce(|a, b| a && b)
        .unwrap_or(false)
}

/// A callback from some other sign-in (or none): 400, and the real one is still awaited.
async fn answer_stranger(mut stream: TcpStream) {
    let _ = write_page(
        &mut stream,
        "400 Bad Request",
        "This sign-in link does not belong to the sign-in Lode is waiting for.",
    )
    .await;
}

/// The code from the redirect's query, or why the sign-in failed.
fn code_from(query: &str, expected_state: &str) -> LodeResult<String> {
    let mut code = None;
    let mut state = None;
    let mut error = None;
    let mut description = None;
    for (key, value) in url::form_urlencoded::parse(query.as_bytes()) {
        match key.as_ref() {
            "code" => code = Some(value.into_owned()),
            "state" => state = Some(value.into_owned()),
            "error" => error = Some(value.into_owned()),
            "error_description" => description = Some(value.into_owned()),
            _ => {}
        }
    }
    if state.as_deref() != Some(expected_state) {
        return Err(LodeError::new(
            ErrorCode::Protocol,
            "the sign-in redirect did not carry the state Lode sent (it may not come from this \
             sign-in): start the sign-in again",
        ));
    }
    if let Some(error) = error {
        let description = description.map(|d| format!(": {d}")).unwrap_or_default();
        return Err(LodeError::new(
            ErrorCode::AuthRequired,
            format!("the authorization server did not sign Lode in ({error}){description}"),
        ));
    }
    code.ok_or_else(|| {
        LodeError::new(
            ErrorCode::Protocol,
            "the sign-in redirect carried neither a code nor an error",
        )
    })
}

async fn answer_browser(mut stream: TcpStream, signed_in: bool) {
    let (status, text) = if signed_in {
        (
            "200 OK",
            "Lode received the sign-in. You can close this tab.",
        )
    } else {
        (
            "400 Bad Request",
            "The sign-in failed; Lode shows why. You can close this tab.",
        )
    };
    let _ = write_page(&mut stream, status, text).await;
}

async fn write_page(stream: &mut TcpStream, status: &str, text: &str) -> std::io::Result<()> {
    let response = format!(
        "HTTP/1.1 {status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\n\
         Cache-Control: no-store\r\nConnection: close\r\n\r\n{text}",
        text.len()
    );
    stream.write_all(response.as_bytes()).await?;
    stream.shutdown().await
}

fn human(duration: Duration) -> String {
    let secs = duration.as_secs();
    if secs >= 60 && secs.is_multiple_of(60) {
        format!("{} min", secs / 60)
    } else {
        format!("{secs} s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_code_when_the_state_matches() {
        assert_eq!(
            code_from("code=abc&state=s1", "s1").ok(),
            Some("abc".into())
        );
    }

    #[test]
    fn only_the_exact_state_is_this_sign_ins() {
        assert!(carries_state("code=a&state=s1", "s1"));
        for query in [
            "code=a&state=s2",
            "code=a",
            "state=s1&state=s2",
            "state=",
            "",
        ] {
            assert!(!carries_state(query, "s1"), "{query}");
        }
    }

    #[test]
    fn a_wrong_or_missing_state_is_refused() {
        for query in ["code=abc&state=other", "code=abc"] {
            let error = code_from(query, "s1").expect_err(query);
            assert_eq!(error.code, ErrorCode::Protocol);
            assert!(error.message.contains("state"), "{}", error.message);
        }
    }

    #[test]
    fn an_error_redirect_says_why() {
        let error = code_from(
            "error=access_denied&error_description=the+user+said+no&state=s1",
            "s1",
        )
        .expect_err("denied");
        assert_eq!(error.code, ErrorCode::AuthRequired);
        assert!(
            error.message.contains("access_denied") && error.message.contains("the user said no"),
            "{}",
            error.message
        );
    }
}
