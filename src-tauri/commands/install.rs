//! Installing a server in the window: the form of the way to run it the person picked, its
//! values checked as they type, and the install itself — planned in Rust from the entry asked
//! again (not from anything the window holds), confirmed in a native dialog showing the exact
//! command or address, then saved, started and listed.

use std::sync::{Arc, Mutex};

use lode_app::confirmation::{for_installing, for_updating};
use lode_app::install::{
    read_server_json_file, InstallAlerts, InstallFormView, InstallRequest, InstallTarget,
};
use lode_app::launch_install::{is_launch_install, launch_install, LaunchInstall};
use lode_app::Lode;
use lode_core::install::{
    check_install_values, InstallChoice, InstallFieldProblem, InstallForm, InstallValues,
};
use lode_core::{Connection, ConnectionId, LodeError};
use tauri::{AppHandle, Runtime, State};

use super::file_dialog::{ask_which_folder, ask_which_to_open, Filter};
use crate::confirm::Confirmer;

/// The form of `choice` (the first way Lode can run, when none) of the entry `target` names.
#[tauri::command]
pub async fn install_form(
    lode: State<'_, Arc<Lode>>,
    target: InstallTarget,
    choice: Option<InstallChoice>,
) -> Result<InstallFormView, LodeError> {
    lode.install_form(&target, choice).await
}

/// The problems of `values` for `form`, asked as the person types.
#[tauri::command]
pub async fn check_install(
    form: InstallForm,
    values: InstallValues,
) -> Result<Vec<InstallFieldProblem>, LodeError> {
    Ok(check_install_values(&form, &values))
}

/// The system's "Open" dialog for a `server.json`; its text (read by Rust, bounded), or
/// `None` when the person cancels.
#[tauri::command]
pub async fn choose_server_json<R: Runtime>(
    app: AppHandle<R>,
) -> Result<Option<String>, LodeError> {
    let json = Filter {
        label: "server.json",
        extensions: &["json"],
    };
    match ask_which_to_open(&app, Some(json)).await? {
        Some(path) => read_server_json_file(&path).map(Some),
        None => Ok(None),
    }
}

/// The system's dialog for a form's path: a bundle's `directory` or `file` option, an entry's
/// `filepath` value; the path chosen, or `None`.
#[tauri::command]
pub async fn choose_install_path<R: Runtime>(
    app: AppHandle<R>,
    directory: bool,
) -> Result<Option<String>, LodeError> {
    let chosen = if directory {
        ask_which_folder(&app).await?
    } else {
        ask_which_to_open(&app, None).await?
    };
    Ok(chosen.map(|path| path.display().to_string()))
}

/// Installs what `request` asks, after the person's yes in a native dialog.
#[tauri::command]
pub async fn install_server<R: Runtime>(
    app: AppHandle<R>,
    confirmer: State<'_, Confirmer>,
    lode: State<'_, Arc<Lode>>,
    request: InstallRequest,
) -> Result<Connection, LodeError> {
    let plan = lode.plan_install(&request).await?;
    confirmer.ask(&app, Some(for_installing(&plan))).await?;
    lode.install_planned(&plan).await
}

/// The `lode://install?…` link or the `.mcpb` file Lode was opened with (by the desktop
/// entry's `%u`: its URL handler, or a double-click on a bundle), until the window takes it.
#[derive(Default)]
pub struct LaunchLink(Mutex<Option<String>>);

impl LaunchLink {
    /// The first argument that is a Lode link or a bundle.
    pub fn from_args(args: impl Iterator<Item = String>) -> Self {
        Self(Mutex::new(args.skip(1).find(|arg| is_launch_install(arg))))
    }

    /// The argument itself, if one.
    pub fn argument(&self) -> Option<String> {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// One handed over by a later launch (`launch_forward.rs`), for the window to take.
    pub fn set(&self, argument: String) {
        *self.0.lock().unwrap_or_else(|p| p.into_inner()) = Some(argument);
    }
}

/// What Lode was opened to install, once (`None` when it was not); a link that is not one
/// Lode reads is an error saying why.
#[tauri::command]
pub async fn take_install_link(
    link: State<'_, LaunchLink>,
) -> Result<Option<LaunchInstall>, LodeError> {
    let taken = link.0.lock().unwrap_or_else(|p| p.into_inner()).take();
    taken.map(|text| launch_install(&text)).transpose()
}

/// What the registries say of the installed connections, asked now when `check_now` (else at
/// most once a day).
#[tauri::command]
pub async fn install_alerts(
    lode: State<'_, Arc<Lode>>,
    check_now: bool,
) -> Result<InstallAlerts, LodeError> {
    lode.install_alerts(check_now).await
}

/// Updates connection `id` to its registry's latest version, after the person's yes to the
/// program it will run (a remote's update runs nothing new: not asked).
#[tauri::command]
pub async fn update_installed<R: Runtime>(
    app: AppHandle<R>,
    confirmer: State<'_, Confirmer>,
    lode: State<'_, Arc<Lode>>,
    id: ConnectionId,
) -> Result<Connection, LodeError> {
    let update = lode.plan_update(id).await?;
    confirmer.ask(&app, for_updating(&update)).await?;
    lode.apply_update(&update).await
}

/// Puts connection `id` back as it was before its last update. What it runs is what it ran
/// before the person's update, confirmed then: not asked again.
#[tauri::command]
pub async fn undo_update(
    lode: State<'_, Arc<Lode>>,
    id: ConnectionId,
) -> Result<Connection, LodeError> {
    lode.undo_update(id).await
}
