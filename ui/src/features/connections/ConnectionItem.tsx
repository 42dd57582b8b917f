import { useT } from "../../i18n";
import type { ConnectionStatus, Connection } from "../../ipc";
import { statusText } from "./status";
import { transportTarget } from "./transport";

interface ConnectionItemProps {
  connection: Connection;
  /** Undefined until the hub has said anything about this connection. */
  status: ConnectionStatus | undefined;
  selected: boolean;
  onSelect: () => void;
}

export function ConnectionItem({ connection, status, selected, onSelect }: ConnectionItemProps) {
  const { t, format } = useT();
  const kind = t(`connections.transport.${connection.transport.kind}`);
  const target = transportTarget(connection.transport);
  const statusLabel = status ? statusText(status, t, format) : undefined;
  return (
    <li>
      <button
        type="button"
        className="connection-item"
        data-testid="connection-item"
        data-status={status?.state}
        aria-current={selected ? "true" : undefined}
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
        <span className="connection-item__target" title={target}>
          {target}
        </span>
      </button>
    </li>
  );
}
