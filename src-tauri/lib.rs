//! The desktop shell: opens Lode's data, registers the commands, and closes server connections
//! on exit. It holds no business logic — each command is a few lines calling `lode-app`.

mod commands;

use std::sync::Arc;

use lode_app::Lode;
use tauri::{Manager, RunEvent, Runtime};

/// Registers Lode's state and commands on any runtime, so tests can use Tauri's mock runtime.
pub fn build<R: Runtime>(builder: tauri::Builder<R>, lode: Arc<Lode>) -> tauri::Builder<R> {
    builder
        .manage(lode)
        .invoke_handler(tauri::generate_handler![
            commands::connections::list_connections,
            commands::resources::list_resources,
            commands::resources::read_resource,
        ])
}

pub fn run() {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_env("LODE_LOG"))
        .with_writer(std::io::stderr)
        .init();
    let lode = match open_lode() {
        Ok(lode) => Arc::new(lode),
        Err(error) => {
            // Nothing to show a window with yet: say why on stderr and stop.
            eprintln!("Lode could not start: {}", error.message);
            if let Some(detail) = error.detail {
                eprintln!("{detail}");
            }
            std::process::exit(1);
        }
    };
    let app = build(tauri::Builder::default(), lode).build(tauri::generate_context!());
    match app {
        Ok(app) => app.run(|handle, event| {
            if let RunEvent::Exit = event {
                // End every server process before the app goes away.
                let lode = handle.state::<Arc<Lode>>().inner().clone();
                tauri::async_runtime::block_on(lode.shutdown());
            }
        }),
        Err(error) => {
            eprintln!("Lode could not open its window: {error}");
            std::process::exit(1);
        }
    }
}

fn open_lode() -> lode_core::LodeResult<Lode> {
    let demo = std::env::current_exe()
        .ok()
        .and_then(|exe| lode_app::demo_server_command(&exe));
    Lode::open(&lode_app::default_data_dir()?, demo)
}
