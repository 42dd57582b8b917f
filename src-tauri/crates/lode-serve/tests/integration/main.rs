//! lode-serve's integration tests, one binary: a served basket read by Lode's own MCP client,
//! over a byte stream and over Streamable HTTP.

mod support {
    pub mod basket_fixture;
}

mod context_hub;
mod http_limits;
mod logging;
mod serve;
