// MCP Apps: the review before one runs, running it (Lode asks the person in its own dialog
// first), and what a running app's bridge relays, each call naming the app's view.
import type { AddReport } from "./bindings/AddReport";
import type { AppReview } from "./bindings/AppReview";
import type { BasketId } from "./bindings/BasketId";
import type { ConnectionId } from "./bindings/ConnectionId";
import type { OpenedApp } from "./bindings/OpenedApp";
import type { ResourceContent } from "./bindings/ResourceContent";
import type { ToolResult } from "./bindings/ToolResult";
import { call } from "./commands";

/** The scheme of an app frame's address; `appAddress` builds the whole of it. */
export const APP_FRAME_SCHEME = "lode-app";

/** Where the frame of app view `view` loads its page. */
export function appAddress(view: string): string {
  return `${APP_FRAME_SCHEME}://localhost/${view}/`;
}

/** What app `uri` declares, and whether it may run without asking. */
export function reviewApp(connectionId: ConnectionId, uri: string): Promise<AppReview> {
  return call<AppReview>("review_app", { connectionId, uri });
}

/** Runs app `uri`; rejects with `declined` when the person says no in Lode's dialog. */
export function openApp(connectionId: ConnectionId, uri: string): Promise<OpenedApp> {
  return call<OpenedApp>("open_app", { connectionId, uri });
}

/** The app's frame closed. */
export async function closeApp(view: string): Promise<void> {
  await call<unknown>("close_app", { view });
}

/** The app's `tools/call`, on its own server (asked about as the window's calls are). */
export function appCallTool(view: string, name: string, args: Record<string, unknown>): Promise<ToolResult> {
  return call<ToolResult>("app_call_tool", { view, name, arguments: args });
}

/** The app's `resources/read`, of its own server. */
export function appReadResource(view: string, uri: string): Promise<ResourceContent[]> {
  return call<ResourceContent[]>("app_read_resource", { view, uri });
}

/** The app's `ui/open-link`: Lode asks the person, then opens a web address. */
export async function appOpenLink(view: string, url: string): Promise<void> {
  await call<unknown>("app_open_link", { view, url });
}

/** The app's `notifications/message`, into its server's log. */
export async function appLog(view: string, level: string, text: string): Promise<void> {
  await call<unknown>("app_log", { view, level, text });
}

/** Keeps the context app view `view` offered in basket `id`, named by the app. */
export function addAppContextToBasket(id: BasketId, view: string, text: string): Promise<AddReport> {
  return call<AddReport>("add_app_context_to_basket", { id, view, text });
}
