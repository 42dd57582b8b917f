//! rmcp and I/O failures to Lode's typed errors, each with a message a person can act on.

use std::time::Duration;

use lode_core::{ErrorCode, LodeError};
use rmcp::model::ErrorCode as JsonRpcCode;
use rmcp::service::ClientInitializeError;
use rmcp::ServiceError;

/// MCP's "resource not found" (not a JSON-RPC standard code, so rmcp has no constant for it).
const RESOURCE_NOT_FOUND: i32 = -32002;

pub(crate) fn from_service(error: ServiceError, what: &str) -> LodeError {
    match error {
        ServiceError::McpError(data) => {
            let code = match data.code {
                JsonRpcCode(RESOURCE_NOT_FOUND) => ErrorCode::NotFound,
                JsonRpcCode::METHOD_NOT_FOUND => ErrorCode::MethodNotFound,
                JsonRpcCode::INVALID_PARAMS => ErrorCode::InvalidParams,
                _ => ErrorCode::ServerError,
            };
            let error = LodeError::new(
                code,
                format!(
                    "{what}: the server answered error {}: {}",
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
        ServiceError::TransportSend(inner) => LodeError::new(
            ErrorCode::TransportClosed,
            format!("{what}: could not send the request: {inner}"),
        ),
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
