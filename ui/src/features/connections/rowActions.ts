// The actions a connection's row menu offers (start, edit, retry, sign in/out, export, delete),
// with their labels and test ids.
import type { Translate } from "../../i18n";
import type { Connection, ConnectionStatus } from "../../ipc";

export type RowAction = "start" | "edit" | "export" | "retry" | "signIn" | "signOut" | "delete";

/** A connection that signs in with OAuth: only HTTP ones can. */
export function usesOAuth(connection: Connection): boolean {
  return connection.transport.kind === "http" && connection.settings.oauth;
}

/**
 * What the row's menu offers, in order: Start for one that is off (imported programs wait for
 * it), Retry only when it is down, sign-in only for OAuth.
 */
export function rowActions(connection: Connection, status: ConnectionStatus | undefined): RowAction[] {
  const down = status?.state === "failed" || status?.state === "authRequired";
  return [
    ...(connection.settings.enabled ? [] : (["start"] as const)),
    "edit",
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
