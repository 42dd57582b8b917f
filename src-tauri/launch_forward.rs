//! A `lode://install` link or an `.mcpb` file opened while Lode runs goes to the running Lode,
//! not to a second window: the new process hands its argument over a Unix socket in the data
//! folder (`launch.sock`, in a folder only the person can enter) and exits before WebKit
//! starts; the running Lode keeps it as its launch link, tells the window (which opens the Add
//! server flow on it) and comes to the front. Nothing is installed without the person's yes in
//! the native confirmation, whoever handed the argument over. A launch with no such argument
//! (the updater's restart, a second plain start) is not handed over.

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::time::Duration;

use lode_app::launch_install::is_launch_install;
use tauri::{AppHandle, Emitter, Manager, Runtime};

use crate::commands::install::LaunchLink;

/// The event the window hears when a later launch handed an install over.
pub const LAUNCH_EVENT: &str = "lode://launch-install";
const SOCKET: &str = "launch.sock";
/// A link is at most a few KiB; a path far less.
const MAX_ARGUMENT_BYTES: u64 = 64 * 1024;
const TIMEOUT: Duration = Duration::from_secs(5);
const TAKEN: &str = "taken";

fn socket_in(data_dir: &Path) -> PathBuf {
    data_dir.join(SOCKET)
}

/// Hands `argument` to a Lode running on `data_dir`; true when one took it.
pub fn hand_to_running(data_dir: &Path, argument: &str) -> bool {
    let Ok(mut stream) = UnixStream::connect(socket_in(data_dir)) else {
        return false;
    };
    let _ = stream.set_write_timeout(Some(TIMEOUT));
    let _ = stream.set_read_timeout(Some(TIMEOUT));
    if writeln!(stream, "{argument}").is_err() {
        return false;
    }
    let mut answer = String::new();
    BufReader::new(stream).read_line(&mut answer).is_ok() && answer.trim() == TAKEN
}

/// Listens for what later launches hand over, on a thread of its own, until Lode exits.
pub fn listen<R: Runtime>(app: AppHandle<R>, data_dir: &Path) {
    let path = socket_in(data_dir);
    // One left by a Lode that crashed: nobody answers on it (a launch found that already).
    let _ = std::fs::remove_file(&path);
    let listener = match UnixListener::bind(&path) {
        Ok(listener) => listener,
        Err(error) => {
            tracing::warn!(%error, path = %path.display(), "links opened later will open a window of their own");
            return;
        }
    };
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            take(&app, stream);
        }
    });
}

/// Removes the socket when Lode exits, so the next launch starts its own window at once.
pub fn stop_listening(data_dir: &Path) {
    let _ = std::fs::remove_file(socket_in(data_dir));
}

fn take<R: Runtime>(app: &AppHandle<R>, stream: UnixStream) {
    let _ = stream.set_read_timeout(Some(TIMEOUT));
    let mut line = String::new();
    let read = BufReader::new((&stream).take(MAX_ARGUMENT_BYTES)).read_line(&mut line);
    let argument = line.trim_end_matches(['\n', '\r']);
    let taken = read.is_ok() && is_launch_install(argument);
    if taken {
        app.state::<LaunchLink>().set(argument.to_owned());
        if let Err(error) = app.emit(LAUNCH_EVENT, ()) {
            tracing::warn!(%error, "the window was not told of a link handed over");
        }
        if let Some(window) = app.get_webview_window("main") {
            let _ = window.unminimize();
            let _ = window.show();
            let _ = window.set_focus();
        }
    }
    let mut stream = stream;
    let _ = writeln!(stream, "{}", if taken { TAKEN } else { "refused" });
}
