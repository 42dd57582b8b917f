// Installing a server: the form of the way to run it the person picked, its values checked as
// they type, a server.json opened by the system's dialog, and the install, which Rust plans
// from the entry asked again and confirms in a native dialog before anything runs.
import type { Connection } from "./bindings/Connection";
import type { ConnectionId } from "./bindings/ConnectionId";
import type { InstallAlerts } from "./bindings/InstallAlerts";
import type { InstallChoice } from "./bindings/InstallChoice";
import type { InstallFieldProblem } from "./bindings/InstallFieldProblem";
import type { InstallForm } from "./bindings/InstallForm";
import type { InstallFormView } from "./bindings/InstallFormView";
import type { InstallRequest } from "./bindings/InstallRequest";
import type { InstallTarget } from "./bindings/InstallTarget";
import type { InstallValues } from "./bindings/InstallValues";
import type { LaunchInstall } from "./bindings/LaunchInstall";
import { listen, type UnlistenFn } from "@tauri-apps/api/event";
import { call } from "./commands";

/** The form of `choice` (the first way Lode can run, when null) of the entry `target` names. */
export function installForm(target: InstallTarget, choice: InstallChoice | null): Promise<InstallFormView> {
  return call<InstallFormView>("install_form", { target, choice });
}

/** The problems of `values` for `form`. */
export function checkInstall(form: InstallForm, values: InstallValues): Promise<InstallFieldProblem[]> {
  return call<InstallFieldProblem[]>("check_install", { form, values });
}

/** The text of a server.json the person picks; null when they cancel. */
export function chooseServerJson(): Promise<string | null> {
  return call<string | null>("choose_server_json");
}

/** Installs after the person's yes in a native dialog (a `declined` error otherwise). */
export function installServer(request: InstallRequest): Promise<Connection> {
  return call<Connection>("install_server", { request });
}

/** What the registries say of the installed connections (asked now when `checkNow`, else at most once a day). */
export function installAlerts(checkNow: boolean): Promise<InstallAlerts> {
  return call<InstallAlerts>("install_alerts", { checkNow });
}

/** Updates an installed connection to its latest version, after Lode's own confirmation. */
export function updateInstalled(id: ConnectionId): Promise<Connection> {
  return call<Connection>("update_installed", { id });
}

/** Puts a connection back as it was before its last update. */
export function undoUpdate(id: ConnectionId): Promise<Connection> {
  return call<Connection>("undo_update", { id });
}

/** What Lode was opened to install (a `lode://install` link, or an .mcpb file), once; null when none. */
export function takeInstallLink(): Promise<LaunchInstall | null> {
  return call<LaunchInstall | null>("take_install_link");
}

/** What the Rust shell emits when a later launch (a link or a bundle opened while Lode runs) handed its install over. */
export const LAUNCH_INSTALL_EVENT = "lode://launch-install";

/** Calls `handler` each time a later launch hands an install over (then `takeInstallLink` has it). */
export function onLaunchInstall(handler: () => void): Promise<UnlistenFn> {
  return listen(LAUNCH_INSTALL_EVENT, () => handler());
}

/** A path the person picks in the system's dialog (a folder when `directory`); null when they cancel. */
export function chooseInstallPath(directory: boolean): Promise<string | null> {
  return call<string | null>("choose_install_path", { directory });
}
