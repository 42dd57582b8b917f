//! Serving one client over stdin/stdout. Nothing else may write to stdout.

use std::sync::Arc;

use rmcp::ServiceExt;

use crate::{Demo, DemoServer};

/// Serves until the client closes stdin.
pub async fn serve(demo: Arc<Demo>) -> anyhow::Result<()> {
    let running = DemoServer::connect(demo)
        .serve(rmcp::transport::io::stdio_pipes())
        .await?;
    running.waiting().await?;
    Ok(())
}
