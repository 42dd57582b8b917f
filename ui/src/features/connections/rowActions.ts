// The actions a connection's row menu offers (start, edit, update, retry, sign in/out, export, delete),
// with their labels and test ids.
import type { Translate } from "../../i18n";
import type { Connection, ConnectionStatus, InstallAlert } from "../../ipc";

export type RowAction = "start" | "edit" | "update" | "export" | "retry" | "signIn" | "signOut" | "delete";

/** A connection that signs in with OAuth: only HTTP ones can. */
export function usesOAuth(connection: Connection): boolean {
  return connection.transport.kind === "http" && connection.settings.oauth;
}

/**
 * What the row's menu offers, in order: Start for one that is off (imported programs wait for
 * it), Update when its registry has a newer version, Retry only when it is down, sign-in only
 * for OAuth.
 */
export function rowActions(connection: Connection, status: ConnectionStatus | undefined, alert?: InstallAlert): RowAction[] {
  const down = status?.state === "failed" || status?.state === "authRequired";
  return [
    ...(connection.settings.enabled ? [] : (["start"] as const)),
    "edit",
    ...(alert?.update ? (["update"] as const) : []),
    ...(down ? (["retry"] as const) : []),
    ...(usesOAuth(connection) ? (["signIn", "signOut"] as const) : []),
    "export",
    "delete",
  ];
}

export function actionLabel(action: RowAction, t: Translate): string {
  return t(`connections.action.${action}`);
}

/** Test ids for the WebDriver tests: connection-action-sign-in, connection-action-delete, … */
export function actionTestId(action: RowAction): string {
  return `connection-action-${action.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}
