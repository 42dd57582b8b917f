//! Atlas: the HTTP entry point. Everything interesting lives in the library.

use std::path::PathBuf;

use anyhow::Context;
use atlas::{config::Settings, warehouse::Warehouse};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt::init();

    let path = std::env::args()
        .skip_while(|arg| arg != "--config")
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("config/settings.json"));
    let settings = Settings::load(&path).with_context(|| format!("reading {}", path.display()))?;

    let warehouse = Warehouse::open(&settings.database)?;
    let app = atlas::http::router(warehouse, &settings);
    let listener = tokio::net::TcpListener::bind(&settings.listen).await?;
    tracing::info!(address = %settings.listen, "atlas listening");
    axum::serve(listener, app).await?;
    Ok(())
}
