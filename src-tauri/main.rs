//! The desktop app's entry point; everything else is in lib.rs (so tests can build the app).

// Keeps a console window from opening beside the app on Windows release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    lode_desktop::run();
}
