// The update commands and event: check, the offer found at start-up (lode://update or
// pending_update), install with download progress, and restart.
import { Channel } from "@tauri-apps/api/core";
import { listen } from "@tauri-apps/api/event";
import type { DownloadProgress } from "./bindings/DownloadProgress";
import type { UpdateCheck } from "./bindings/UpdateCheck";
import type { UpdateFeedChoice } from "./bindings/UpdateFeedChoice";
import type { UpdateFeedState } from "./bindings/UpdateFeedState";
import type { UpdateInfo } from "./bindings/UpdateInfo";
import { call } from "./commands";
import type { UnlistenFn } from "./events";

/** The event the shell emits when its start-up check found a newer release. */
export const UPDATE_EVENT = "lode://update";

/**
 * Asks the update feed now. Rejects with a LodeError (`updateFeed`, `timeout`, `updatesOff`…)
 * whose `facts` say the step and reason, for the window to word.
 */
export function checkForUpdates(): Promise<UpdateCheck> {
  return call<UpdateCheck>("check_for_updates");
}

/** The update the start-up check found before the window listened, if any. */
export function pendingUpdate(): Promise<UpdateInfo | null> {
  return call<UpdateInfo | null>("pending_update");
}

/**
 * Downloads, verifies and installs the update the last check found, reporting the download's
 * progress. Resolves once installed (a restart runs it); rejects with a LodeError, and then
 * nothing was installed.
 */
export async function installUpdate(onProgress: (progress: DownloadProgress) => void): Promise<void> {
  const channel = new Channel<DownloadProgress>(onProgress);
  await call<unknown>("install_update", { onProgress: channel });
}

/** Quits Lode (closing its servers) and starts the installed version. */
export async function restartLode(): Promise<void> {
  await call<unknown>("restart_lode");
}

export function onUpdateAvailable(handler: (update: UpdateInfo) => void): Promise<UnlistenFn> {
  return listen<UpdateInfo>(UPDATE_EVENT, (event) => handler(event.payload));
}

/** The feed update checks use, where it comes from, and this build's own. */
export function updateFeed(): Promise<UpdateFeedState> {
  return call<UpdateFeedState>("update_feed");
}

/**
 * Changes the feed: a URL (the shell asks the person in a system dialog first; a "no" rejects
 * with `declined`), off, or back to the build's own. Resolves with the feed then in use.
 */
export function setUpdateFeed(choice: UpdateFeedChoice): Promise<UpdateFeedState> {
  return call<UpdateFeedState>("set_update_feed", { choice });
}
