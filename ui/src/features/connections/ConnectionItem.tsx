import { useT } from "../../i18n";
import type { ConnectionSummary } from "../../ipc";
import { transportTarget } from "./transport";

interface ConnectionItemProps {
  connection: ConnectionSummary;
  selected: boolean;
  onSelect: () => void;
}

export function ConnectionItem({ connection, selected, onSelect }: ConnectionItemProps) {
  const { t } = useT();
  const kind = t(connection.transport.kind === "stdio" ? "connections.transport.stdio" : "connections.transport.http");
  const target = transportTarget(connection.transport);
  return (
    <li>
      <button
        type="button"
        className="connection-item"
        data-testid="connection-item"
        aria-current={selected ? "true" : undefined}
        onClick={onSelect}
      >
        <span className="connection-item__row">
          <span className="connection-item__dot" aria-hidden="true" />
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
