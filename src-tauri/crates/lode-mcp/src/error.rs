//! rmcp and I/O failures to Lode's typed errors, each with a message a person can act on.

use std::time::Duration;

use lode_core::{ErrorCode, LodeError};
use rmcp::model::ErrorCode as JsonRpcCode;
use rmcp::service::ClientInitializeError;
use rmcp::transport::streamable_http_client::StreamableHttpError;
use rmcp::ServiceError;

use crate::decoding::decode::Fault;
use crate::http_failure::HttpFailure;

/// MCP's "resource not found" (not a JSON-RPC standard code, so rmcp has no constant for it).
const RESOURCE_NOT_FOUND: i32 = -32002;
/// What gateways and agent servers answer when the system behind them timed out.
const UPSTREAM_TIMEOUT: i32 = -32003;

pub(crate) fn from_service(error: ServiceError, what: &str) -> LodeError {
    match error {
        // Errors the transport made on the server's behalf (malformed JSON, a message too
        // large, the server exited...): the message is already Lode's, in Lode's words.
        ServiceError::McpError(data) if Fault::of(&data).is_some() => {
            let (code, detail) = match Fault::of(&data) {
                Some((Fault::ServerExited, detail)) => (ErrorCode::TransportClosed, detail),
                Some((_, detail)) => (ErrorCode::Protocol, detail),
                None => (ErrorCode::Protocol, None),
            };
            let error = LodeError::new(code, format!("{what}: {}", data.message));
            match detail {
                Some(detail) => error.with_detail(detail),
                None => error,
            }
        }
        ServiceError::McpError(data) => {
            let (code, meaning) = match data.code {
                JsonRpcCode(RESOURCE_NOT_FOUND) => (ErrorCode::NotFound, "not found"),
                JsonRpcCode(UPSTREAM_TIMEOUT) => {
                    (ErrorCode::UpstreamTimeout, "the system behind it timed out")
                }
                JsonRpcCode::METHOD_NOT_FOUND => (ErrorCode::MethodNotFound, "not supported"),
                JsonRpcCode::INVALID_PARAMS => (ErrorCode::InvalidParams, "invalid parameters"),
                JsonRpcCode::INTERNAL_ERROR => (ErrorCode::ServerInternal, "internal error"),
                _ => (ErrorCode::ServerError, "error"),
            };
            let error = LodeError::new(
                code,
                format!(
                    "{what}: the server answered {meaning} ({}): {}",
                    data.code.0, data.message
                ),
            );
            match data.data {
                Some(detail) => error.with_detail(detail.to_string()),
                None => error,
            }
        }
        ServiceError::TransportClosed => LodeError::new(
            ErrorCode::TransportClosed,
            format!("{what}: the connection to the server closed"),
        ),
        // The HTTP transports know what went wrong (status and body, TLS, unreachable...).
        ServiceError::TransportSend(inner) => transport_failure(inner.error.as_ref(), what)
            .unwrap_or_else(|| {
                LodeError::new(
                    ErrorCode::TransportClosed,
                    format!("{what}: could not send the request: {inner}"),
                )
            }),
        ServiceError::UnexpectedResponse => LodeError::new(
            ErrorCode::Protocol,
            format!("{what}: the server answered with the wrong kind of result"),
        ),
        ServiceError::Timeout { timeout } => timed_out(what, timeout),
        other => LodeError::new(ErrorCode::ServerError, format!("{what}: {other}")),
    }
}

pub(crate) fn from_initialize(error: ClientInitializeError, server: &str) -> LodeError {
    if error.is_authorization_required() {
        let message = format!("{server} requires authorization");
        return match error.auth_challenge() {
            Some(challenge) => LodeError::new(ErrorCode::AuthRequired, message)
                .with_detail(format!("WWW-Authenticate: {challenge}")),
            None => LodeError::new(ErrorCode::AuthRequired, message),
        };
    }
    if let Some(failure) = initialize_transport_failure(&error, server) {
        return failure;
    }
    match error {
        ClientInitializeError::ConnectionClosed(reason) => LodeError::new(
            ErrorCode::TransportClosed,
            format!("{server} closed the connection during the handshake ({reason})"),
        ),
        ClientInitializeError::JsonRpcError(data) => LodeError::new(
            ErrorCode::ServerError,
            format!(
                "{server} refused the handshake: {} {}",
                data.code.0, data.message
            ),
        ),
        ClientInitializeError::NoCompatibleProtocolVersion {
            server_supported, ..
        } => LodeError::new(
            ErrorCode::Protocol,
            format!("{server} speaks no MCP version Lode knows ({server_supported:?})"),
        ),
        other => LodeError::new(
            ErrorCode::Protocol,
            format!("the handshake with {server} failed: {other}"),
        ),
    }
}

pub(crate) fn timed_out(what: &str, timeout: Duration) -> LodeError {
    LodeError::new(
        ErrorCode::Timeout,
        format!("{what}: no answer within {} s", timeout.as_secs_f32()),
    )
}

pub(crate) fn spawn_failed(command: &str, error: &std::io::Error) -> LodeError {
    let reason = match error.kind() {
        std::io::ErrorKind::NotFound => "command not found".to_owned(),
        std::io::ErrorKind::PermissionDenied => "not executable".to_owned(),
        _ => error.to_string(),
    };
    LodeError::new(
        ErrorCode::SpawnFailed,
        format!("could not start `{command}`: {reason}"),
    )
}

/// A transport failure behind a failed handshake (also the one behind a failed legacy
/// fallback), with what the HTTP transports know about it.
fn initialize_transport_failure(error: &ClientInitializeError, server: &str) -> Option<LodeError> {
    match error {
        ClientInitializeError::TransportError { error, .. } => {
            transport_failure(error.error.as_ref(), &format!("connecting to {server}"))
        }
        ClientInitializeError::LegacyFallbackFailed { fallback, .. } => {
            initialize_transport_failure(fallback, server)
        }
        _ => None,
    }
}

/// The typed failure inside an HTTP transport's error: Lode's own `HttpFailure` (legacy SSE,
/// and the client under Streamable HTTP) or one of rmcp's Streamable HTTP errors.
fn transport_failure(error: &(dyn std::error::Error + 'static), what: &str) -> Option<LodeError> {
    if let Some(failure) = error.downcast_ref::<HttpFailure>() {
        return Some(from_http_failure(failure, what));
    }
    let error = error.downcast_ref::<StreamableHttpError<HttpFailure>>()?;
    let (code, message) = match error {
        StreamableHttpError::Client(failure) => return Some(from_http_failure(failure, what)),
        StreamableHttpError::AuthRequired(auth) => {
            return Some(
                LodeError::new(
                    ErrorCode::AuthRequired,
                    format!("{what}: the server requires authorization"),
                )
                .with_detail(format!(
                    "WWW-Authenticate: {}",
                    auth.www_authenticate_header
                )),
            )
        }
        StreamableHttpError::InsufficientScope(scope) => {
            return Some(
                LodeError::new(
                    ErrorCode::AuthRequired,
                    format!("{what}: the server wants an authorization with more scope"),
                )
                .with_detail(format!(
                    "WWW-Authenticate: {}",
                    scope.www_authenticate_header
                )),
            )
        }
        StreamableHttpError::Sse(sse) => {
            use std::error::Error as _;
            if let Some(failure) = sse.source().and_then(|s| s.downcast_ref::<HttpFailure>()) {
                return Some(from_http_failure(failure, what));
            }
            (
                ErrorCode::Protocol,
                format!("the event stream is malformed: {sse}"),
            )
        }
        StreamableHttpError::SessionExpired => (
            ErrorCode::TransportClosed,
            "the server no longer knows this session, and opening a new one did not help"
                .to_owned(),
        ),
        StreamableHttpError::SessionRecoveryTimeout => (
            ErrorCode::Timeout,
            "the server ended the session and did not open a new one in time".to_owned(),
        ),
        StreamableHttpError::ReinitializationFailed(data) => (
            ErrorCode::ServerError,
            format!(
                "the server ended the session and refused a new one: {} {}",
                data.code.0, data.message
            ),
        ),
        StreamableHttpError::UnexpectedContentType(content_type) => (
            ErrorCode::Protocol,
            format!(
                "the server answered `{}`, neither JSON nor an event stream",
                content_type.as_deref().unwrap_or("no content type")
            ),
        ),
        StreamableHttpError::UnexpectedServerResponse(reason) => (
            ErrorCode::Protocol,
            format!("unexpected answer from the server: {reason}"),
        ),
        StreamableHttpError::Deserialize(e) => (
            ErrorCode::Protocol,
            format!("the server sent a message that is not JSON-RPC: {e}"),
        ),
        StreamableHttpError::TransportChannelClosed => (
            ErrorCode::TransportClosed,
            "the connection to the server closed".to_owned(),
        ),
        _ => return None,
    };
    Some(LodeError::new(code, format!("{what}: {message}")))
}

/// An HTTP failure of either HTTP transport. Its message carries the URL (without query) and,
/// for an error status, an excerpt of the body; a 401 keeps the server's challenge in `detail`.
pub(crate) fn from_http_failure(failure: &HttpFailure, what: &str) -> LodeError {
    let code = match failure {
        HttpFailure::Unreachable { .. } | HttpFailure::Interrupted { .. } => {
            ErrorCode::TransportClosed
        }
        HttpFailure::Tls { .. } => ErrorCode::Tls,
        HttpFailure::TimedOut { .. } => ErrorCode::Timeout,
        HttpFailure::Status { status: 401, .. } => ErrorCode::AuthRequired,
        HttpFailure::Status {
            status: 403,
            challenge: Some(_),
            ..
        } => ErrorCode::AuthRequired,
        HttpFailure::Status { .. } => ErrorCode::Http,
        HttpFailure::TooLarge { .. } | HttpFailure::Protocol { .. } => ErrorCode::Protocol,
    };
    let error = LodeError::new(code, format!("{what}: {failure}"));
    match failure {
        HttpFailure::Status {
            challenge: Some(challenge),
            ..
        } => error.with_detail(format!("WWW-Authenticate: {challenge}")),
        _ => error,
    }
}

#[cfg(test)]
mod tests {
    use rmcp::model::ErrorData;

    use super::*;

    fn answered(code: i32) -> LodeError {
        let data = ErrorData::new(JsonRpcCode(code), "boom", None);
        from_service(ServiceError::McpError(data), "reading x")
    }

    #[test]
    fn json_rpc_error_codes_become_lode_error_codes() {
        assert_eq!(answered(-32002).code, ErrorCode::NotFound);
        assert_eq!(answered(-32003).code, ErrorCode::UpstreamTimeout);
        assert_eq!(answered(-32601).code, ErrorCode::MethodNotFound);
        assert_eq!(answered(-32602).code, ErrorCode::InvalidParams);
        assert_eq!(answered(-32603).code, ErrorCode::ServerInternal);
        assert_eq!(answered(-1).code, ErrorCode::ServerError);
        let message = answered(-32603).message;
        assert!(
            message.starts_with("reading x: the server answered internal error (-32603): boom"),
            "{message}"
        );
    }
}
