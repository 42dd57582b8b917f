// One saved connection in the list: its status dot, name, transport and target, its actions
// menu, and the reason it is down with Retry or Sign in beside it.
import { useId, type ReactNode } from "react";
import { useT } from "../../i18n";
import type { ConnectionStatus, Connection, InstallAlert } from "../../ipc";
import { Menu } from "../../ui-kit/Menu";
import { actionLabel, actionTestId, rowActions, usesOAuth, type RowAction } from "./rowActions";
import { authRequiredText, statusText } from "./status";
import { isBuiltInDemo, targetLabel } from "./builtInDemo";
import { HandshakeTip } from "./HandshakeTip";

interface ConnectionItemProps {
  connection: Connection;
  /** Undefined until the supervisor has said anything about this connection. */
  status: ConnectionStatus | undefined;
  selected: boolean;
  onSelect: () => void;
  /** Edit, Delete, Retry, …: absent renders the row without actions. */
  onAction?: (action: RowAction) => void;
  /** What its registry says of it (a newer version, a deprecation), when it was installed from one. */
  alert?: InstallAlert;
  /** Dragging to reorder: the row's class and attributes, and its grip. */
  drag?: { className: string; rowAttributes: Record<string, string | number>; grip: ReactNode };
}

export function ConnectionItem({ connection, status, selected, onSelect, onAction, alert, drag }: ConnectionItemProps) {
  const { t, format } = useT();
  const kind = t(`connections.transport.${connection.transport.kind}`);
  const target = targetLabel(connection.transport, t);
  const builtIn = isBuiltInDemo(connection.transport);
  const tipId = useId();
  const statusLabel = status ? statusText(status, t, format) : undefined;
  return (
    <li
      className={`connection-row${drag ? ` connection-row--reorderable ${drag.className}` : ""}`}
      data-testid="connection-row"
      data-name={connection.name}
      {...drag?.rowAttributes}
    >
      {drag?.grip}
      <button
        type="button"
        className="connection-item"
        data-testid="connection-item"
        data-status={status?.state}
        aria-current={selected ? "true" : undefined}
        aria-describedby={tipId}
        onClick={onSelect}
      >
        <span className="connection-item__row">
          {status ? (
            <span
              className={`connection-item__dot connection-item__dot--${status.state}`}
              role="img"
              aria-label={statusLabel}
              title={statusLabel}
            />
          ) : (
            <span className="connection-item__dot" aria-hidden="true" />
          )}
          <span className="connection-item__name">{connection.name}</span>
          <span className="connection-item__kind" title={t("connections.transportLabel", { transport: kind })}>
            {kind}
          </span>
        </span>
        <span
          className="connection-item__target"
          data-built-in={builtIn || undefined}
          title={builtIn ? t("demo.builtIn.hint") : target}
        >
          {target}
        </span>
        {alert && <InstallAlertBadges alert={alert} />}
        {!connection.settings.enabled && (
          <span className="connection-item__off" data-testid="connection-not-started">
            {t("connections.notStarted")}
          </span>
        )}
      </button>
      <HandshakeTip id={connection.id} tipId={tipId} status={status} />
      {onAction && (
        <>
          <div className="connection-row__menu">
            <Menu
              label={t("connections.actions", { name: connection.name })}
              testId="connection-actions"
              items={rowActions(connection, status, alert).map((action) => ({
                id: action,
                label: actionLabel(action, t),
                danger: action === "delete",
                testId: actionTestId(action),
                onSelect: () => onAction(action),
              }))}
            />
          </div>
          <StatusProblem connection={connection} status={status} onAction={onAction} />
        </>
      )}
    </li>
  );
}

/** A failed or unauthorized connection says why under its name, with the way out beside it. */
function StatusProblem({
  connection,
  status,
  onAction,
}: {
  connection: Connection;
  status: ConnectionStatus | undefined;
  onAction: (action: RowAction) => void;
}) {
  const { t } = useT();
  if (status?.state !== "failed" && status?.state !== "authRequired") return null;
  const signIn = status.state === "authRequired" && usesOAuth(connection);
  const reason = status.state === "failed" ? status.error.message : authRequiredText(status, t);
  return (
    <div className="connection-row__problem" data-testid="connection-problem">
      <span className="connection-row__reason" title={reason}>
        {reason}
      </span>
      <button
        type="button"
        className="button button--small"
        data-testid={signIn ? "connection-sign-in" : "connection-retry"}
        aria-label={`${t(signIn ? "connections.action.signIn" : "common.retry")}: ${connection.name}`}
        onClick={() => onAction(signIn ? "signIn" : "retry")}
      >
        {t(signIn ? "connections.action.signIn" : "common.retry")}
      </button>
    </div>
  );
}

/** "Update 2.0" and "Deprecated", each with the registry's words in its tooltip. */
function InstallAlertBadges({ alert }: { alert: InstallAlert }) {
  const { t } = useT();
  return (
    <span className="connection-item__alerts">
      {alert.update && (
        <span className="connection-item__update" data-testid="connection-update" title={t("install.alert.updateTitle", { installed: alert.installed, version: alert.update })}>
          {t("install.alert.update", { version: alert.update })}
        </span>
      )}
      {alert.deprecated && (
        <span
          className="connection-item__deprecated"
          data-testid="connection-deprecated"
          title={t("install.alert.deprecatedTitle", { installed: alert.installed, message: alert.deprecation ?? "" })}
        >
          {t("install.alert.deprecated")}
        </span>
      )}
    </span>
  );
}
