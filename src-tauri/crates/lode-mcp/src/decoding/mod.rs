//! Decoding what servers send, apart from how it arrives: Lode's typed decoder of JSON-RPC
//! messages (`decode/`), listing pages decoded while they stream in (`page_stream`), and the
//! repair of resources that are almost right (`lenient`). The transports and REST use it.

pub(crate) mod decode;
pub(crate) mod item_bounds;
pub(crate) mod lenient;
pub(crate) mod page_stream;
#[cfg(test)]
mod proptests;

use rmcp::model::ServerJsonRpcMessage;

/// The one place server messages are decoded (a faster decoder can replace it).
pub(crate) fn decode_message(bytes: &[u8]) -> Result<ServerJsonRpcMessage, serde_json::Error> {
    serde_json::from_slice(bytes)
}
