// A connection status as one line of text (the status dot's label and tooltip).
import type { Formatters, Translate } from "../../i18n";
import type { ConnectionStatus } from "../../ipc";

/** A connection status as one line of text: the dot's label and tooltip. */
export function statusText(status: ConnectionStatus, t: Translate, format: Formatters): string {
  switch (status.state) {
    case "connecting":
      return t("connections.status.connecting");
    case "ready":
      return t("connections.status.ready");
    case "reconnecting":
      return t("connections.status.reconnecting", {
        attempt: format.number(status.attempt),
        seconds: format.number(Math.max(0, status.retryInMs) / 1000, 1),
        message: status.error.message,
      });
    case "authRequired":
      return authRequiredText(status, t);
    case "failed":
      return t("connections.status.failed", { message: status.error.message });
    case "stopped":
      return t("connections.status.stopped");
  }
}

/** Why a connection waits for a sign-in: the scope a scope challenge wants, when it named one. */
export function authRequiredText(status: Extract<ConnectionStatus, { state: "authRequired" }>, t: Translate): string {
  return status.scope ? t("connections.status.moreScope", { scope: status.scope }) : t("connections.status.authRequired");
}
