//! The desktop shell: opens Lode's data, registers the commands, and closes server connections
//! on exit. It holds no business logic — each command is a few lines calling `lode-app`.

mod app_frames;
#[macro_use]
mod command_list;
mod commands;
mod confirm;
mod launch_forward;
mod logging;
pub use logging::log_filter;
mod native_drag;
mod startup;
mod updates;
mod webkit_settings;
mod window_place;

use std::sync::Arc;

use lode_app::Lode;
use tauri::{AppHandle, Emitter, Manager, RunEvent, Runtime};

pub use commands::assistants::AssistantPlaces;
pub use confirm::Confirmer;

/// The event carrying `ConnectionEvent`s (status changes and server notifications) to the UI, as a
/// batch: every event that arrived since the last one, at most [`CONNECTION_EVENT_BATCH`] of them.
pub const CONNECTION_EVENT: &str = "lode://connections";

/// At most this many connection events go to the window in one message, and at most one message
/// every [`CONNECTION_EVENT_INTERVAL`]: a server flooding notifications must not flood the webview.
const CONNECTION_EVENT_BATCH: usize = 512;
const CONNECTION_EVENT_INTERVAL: std::time::Duration = std::time::Duration::from_millis(16);

/// The event carrying the browser's `BrowseStatus` to the UI whenever the index changes.
pub const BROWSE_EVENT: &str = "lode://browse";

/// At most this often the window hears that the index changed: pages of a large listing
/// arrive faster than it is worth redrawing.
const BROWSE_EVENT_INTERVAL: std::time::Duration = std::time::Duration::from_millis(100);

/// What `run()` learns about this launch before the app is built: when it began (for the
/// cold-start mark) and where the log goes (for the About box).
struct Launch {
    startup: startup::Startup,
    log: logging::LogOutcome,
    confirmer: Confirmer,
    /// Whether the saved connections were started before the window (`run`), or are left to
    /// the app's setup (`build`, the tests').
    connections_started: bool,
    /// The `lode://install` link the app was opened with, for the window to take.
    install_link: commands::install::LaunchLink,
}

/// `tauri::generate_handler!` over every command of the list: `lode_commands!(command_handlers)`.
macro_rules! command_handlers {
    ($($module:ident: $($name:ident),+;)+) => {
        tauri::generate_handler![$($(commands::$module::$name),+),+]
    };
}

/// Registers Lode's state and commands on any runtime, so tests can use Tauri's mock runtime.
/// On start-up every saved connection connects in parallel, and the supervisor's events flow to
/// the UI. Confirmations (running a program, sending saved secrets elsewhere) are answered by
/// `confirmer`: tests script it, the app asks the person (`Confirmer::for_this_launch`).
pub fn build<R: Runtime>(
    builder: tauri::Builder<R>,
    lode: Arc<Lode>,
    confirmer: Confirmer,
) -> tauri::Builder<R> {
    let launch = Launch {
        startup: startup::Startup::now(),
        log: logging::LogOutcome::default(),
        confirmer,
        connections_started: false,
        install_link: commands::install::LaunchLink::default(),
    };
    build_launched(builder, lode, launch)
}

/// Lets the updater read a plain-http feed on this computer in a debug build (tests serve
/// one): the plugin refuses http endpoints otherwise (dependencies are built without debug
/// assertions, so even in debug builds). Call on the context before building the app.
pub fn allow_loopback_update_feed<R: Runtime>(context: &mut tauri::Context<R>) {
    updates::allow_loopback_feed(context);
}

fn build_launched<R: Runtime>(
    builder: tauri::Builder<R>,
    lode: Arc<Lode>,
    launch: Launch,
) -> tauri::Builder<R> {
    let connections_started = launch.connections_started;
    builder
        .plugin(tauri_plugin_dialog::init())
        // Needs `plugins.updater.pubkey` in tauri.conf.json: it refuses to start without a key.
        .plugin(tauri_plugin_updater::Builder::new().build())
        .manage(lode.clone())
        .manage(launch.startup)
        .manage(launch.log)
        .manage(launch.confirmer)
        .manage(commands::assistants::AssistantPlaces::default())
        .manage(launch.install_link)
        .manage(updates::Updates::from_env())
        .setup(move |app| {
            commands::drag_out::remove_drag_files(app.handle(), false);
            if let Some(window) = app.get_webview_window("main") {
                webkit_settings::apply(&window);
                window_place::remember(&window, lode.clone());
            }
            tauri::async_runtime::spawn(forward_connection_events(
                app.handle().clone(),
                lode.clone(),
            ));
            tauri::async_runtime::spawn(forward_browse_changes(app.handle().clone(), lode.clone()));
            tauri::async_runtime::spawn(commands::asks::forward_ask_events(
                app.handle().clone(),
                lode.clone(),
            ));
            if !connections_started {
                start_connections(&lode);
            }
            Ok(())
        })
        .register_uri_scheme_protocol(app_frames::SCHEME, app_frames::serve)
        .invoke_handler(lode_commands!(command_handlers))
}

pub fn run() {
    // First thing: the cold-start mark counts from here (`ms_since_main`).
    let startup = startup::Startup::now();
    webkit_settings::choose_before_webkit_starts();
    let log = logging::start_logging();
    tracing::info!(
        version = env!("CARGO_PKG_VERSION"),
        commit = commands::about::COMMIT,
        log_file = ?log.file,
        "Lode starting"
    );
    // Opened by a `lode://install?…` link or an `.mcpb` file (the desktop entry's `%u`): the
    // window shows it — the running Lode's, when one runs on these data.
    let install_link = commands::install::LaunchLink::from_args(std::env::args());
    let lode = match open_lode() {
        Ok(lode) => Arc::new(lode),
        Err(error) => {
            // Nothing to show a window with yet: say why on stderr (and in the log) and stop.
            tracing::error!(%error, detail = ?error.detail, "Lode could not start");
            eprintln!("Lode could not start: {}", error.message);
            if let Some(detail) = error.detail {
                eprintln!("{detail}");
            }
            std::process::exit(1);
        }
    };
    startup.mark("data opened");
    let data_dir = lode.data_dir().to_owned();
    if let Some(argument) = install_link.argument() {
        if launch_forward::hand_to_running(&data_dir, &argument) {
            tracing::info!("handed the link over to the Lode already running");
            return;
        }
    }
    // The servers start now, beside WebKit's start (about a second): the first rows need
    // their listings, and the window asks for what is already there when it loads.
    start_connections(&lode);
    let mut context = tauri::generate_context!();
    allow_loopback_update_feed(&mut context);
    let launch = Launch {
        startup,
        log,
        confirmer: Confirmer::for_this_launch(),
        connections_started: true,
        install_link,
    };
    let app = build_launched(tauri::Builder::default(), lode, launch).build(context);
    if let Ok(app) = &app {
        app.state::<startup::Startup>().mark("window built");
        launch_forward::listen(app.handle().clone(), &data_dir);
    }
    match app {
        Ok(app) => app.run(|handle, event| match event {
            // Only the real app looks for updates by itself (never the tests' mock runtime).
            RunEvent::Ready => {
                handle
                    .state::<startup::Startup>()
                    .mark("event loop running");
                updates::spawn_startup_check(handle.clone());
            }
            RunEvent::Exit => {
                // End every server process before the app goes away.
                let lode = handle.state::<Arc<Lode>>().inner().clone();
                tauri::async_runtime::block_on(lode.shutdown());
                launch_forward::stop_listening(lode.data_dir());
                // Undo ends with Lode: the folders of bundles removed in this session go.
                if let Err(error) = lode.discard_trash() {
                    tracing::warn!("could not delete unused bundle folders: {}", error.message);
                }
                commands::drag_out::remove_drag_files(handle, true);
            }
            _ => {}
        }),
        Err(error) => {
            tracing::error!(%error, "Lode could not open its window");
            eprintln!("Lode could not open its window: {error}");
            std::process::exit(1);
        }
    }
}

/// Starts every saved connection in parallel, in the background.
fn start_connections(lode: &Arc<Lode>) {
    // Servers' elicitation and sampling wait for the window from the first connection.
    lode.asks().open();
    let lode = lode.clone();
    tauri::async_runtime::spawn(async move {
        if let Err(error) = lode.start_all().await {
            tracing::error!(%error, "could not start the saved connections");
        }
    });
}

async fn forward_connection_events<R: Runtime>(app: AppHandle<R>, lode: Arc<Lode>) {
    let mut events = lode.events();
    loop {
        let mut batch = match events.recv().await {
            Ok(event) => vec![event],
            // The UI fell behind: it re-reads the statuses rather than missing a change.
            Err(tokio::sync::broadcast::error::RecvError::Lagged(missed)) => {
                tracing::warn!(missed, "the window missed connection events");
                continue;
            }
            Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
        };
        // Whatever else is waiting goes in the same message.
        while batch.len() < CONNECTION_EVENT_BATCH {
            match events.try_recv() {
                Ok(event) => batch.push(event),
                Err(_) => break,
            }
        }
        if let Err(error) = app.emit(CONNECTION_EVENT, &batch) {
            tracing::warn!(%error, "could not deliver connection events to the window");
        }
        tokio::time::sleep(CONNECTION_EVENT_INTERVAL).await;
    }
}

async fn forward_browse_changes<R: Runtime>(app: AppHandle<R>, lode: Arc<Lode>) {
    let mut changes = lode.browse_changes();
    while changes.changed().await.is_ok() {
        if let Err(error) = app.emit(BROWSE_EVENT, lode.browse_status()) {
            tracing::warn!(%error, "could not deliver the browser's status to the window");
        }
        // Changes during the pause are coalesced: `changed()` then fires once for all.
        tokio::time::sleep(BROWSE_EVENT_INTERVAL).await;
    }
}

fn open_lode() -> lode_core::LodeResult<Lode> {
    let demo = std::env::current_exe()
        .ok()
        .and_then(|exe| lode_app::demo_server_command(&exe));
    Lode::open(&lode_app::default_data_dir()?, demo)
}
