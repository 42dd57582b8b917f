//! How big one message from a server may be, whatever the transport: one limit, so stdio and
//! both HTTP transports accept and refuse the same messages.

/// The largest single message accepted from a server. One page of 100k resources is ~26 MB.
pub(crate) const MAX_MESSAGE_BYTES: usize = 256 * 1024 * 1024;
