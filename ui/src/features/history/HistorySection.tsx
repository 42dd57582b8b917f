// A connection's protocol history inside the server details: every JSON-RPC message in and out
// (time, direction, method, id, duration, size), filtered by method, each opening to its JSON;
// saved as JSON lines through the system's Save dialog.
import { useId, useState } from "react";
import { useT } from "../../i18n";
import {
  protocolHistory,
  protocolMessage,
  saveProtocolHistory,
  toLodeError,
  type Connection,
  type ConnectionStatus,
  type LodeError,
  type WireMessage,
} from "../../ipc";
import { EmptyState } from "../../ui-kit/EmptyState";
import { FilterField } from "../../ui-kit/FilterField";
import { Spinner } from "../../ui-kit/Spinner";
import { useAsync } from "../../ui-kit/useAsync";
import { useReadyAgain } from "../connections";
import { LodeErrorBanner } from "../errors";
import { clockTime, prettyJson } from "./wire";
import "./history.css";

interface HistorySectionProps {
  connection: Connection;
  status: ConnectionStatus | undefined;
}

/** The section's heading and a button that opens it: the history loads only while it is open. */
export function HistorySection({ connection, status }: HistorySectionProps) {
  const { t } = useT();
  const titleId = useId();
  const [shown, setShown] = useState(false);
  return (
    <section className="server__section history" aria-labelledby={titleId} data-testid="history-section">
      <header className="server__section-header">
        <h4 id={titleId} className="server__section-title">
          {t("history.title")}
        </h4>
        <button
          type="button"
          className="button button--small server__refresh"
          data-testid="history-toggle"
          aria-expanded={shown}
          onClick={() => setShown(!shown)}
        >
          {t(shown ? "history.hide" : "history.show")}
        </button>
      </header>
      {shown && <HistoryList connection={connection} status={status} />}
    </section>
  );
}

function HistoryList({ connection, status }: HistorySectionProps) {
  const { t, format } = useT();
  const { id } = connection;
  const [filter, setFilter] = useState("");
  const [open, setOpen] = useState<number | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const history = useAsync<WireMessage[], LodeError>(
    `history:${id}:${filter}`,
    () => protocolHistory(id, filter),
    toLodeError,
  );
  useReadyAgain(id, status, history.refresh);
  const messages = history.state.status === "success" ? history.state.data : null;

  const save = () => {
    setSaved(null);
    saveProtocolHistory(id, `${connection.name}-protocol.jsonl`).then(
      (count) => setSaved(count === null ? null : t("history.saved", { count: format.number(count) })),
      (error: unknown) => setSaved(toLodeError(error).message),
    );
  };

  return (
    <>
      <div className="server__section-header">
        {messages !== null && (
          <span className="count" data-testid="history-count">
            {t(messages.length === 1 ? "history.count.one" : "history.count.other", {
              count: format.number(messages.length),
            })}
          </span>
        )}
        <button
          type="button"
          className="button button--small history__refresh"
          data-testid="history-refresh"
          aria-busy={history.pending}
          onClick={history.refresh}
        >
          {t("history.refresh")}
        </button>
        <button type="button" className="button button--small" data-testid="history-save" onClick={save}>
          {t("history.save")}
        </button>
      </div>
      <FilterField
        label={t("history.filter")}
        value={filter}
        onChange={setFilter}
        className="history__filter"
        testId="history-filter"
      />
      {saved !== null && (
        <p className="server__note" role="status" data-testid="history-saved">
          {saved}
        </p>
      )}
      <p className="server__faint">{t("history.note")}</p>
      {history.state.status === "loading" && <Spinner size="small" label={t("history.loading")} />}
      {history.state.status === "error" && <LodeErrorBanner error={history.state.error} onRetry={history.reload} />}
      {messages?.length === 0 && <EmptyState>{t("history.empty")}</EmptyState>}
      {messages !== null && messages.length > 0 && (
        <ol className="history__list" data-testid="history-list">
          {messages.map((message) => (
            <HistoryRow
              key={message.seq}
              connection={connection}
              message={message}
              open={open === message.seq}
              onToggle={() => setOpen(open === message.seq ? null : message.seq)}
            />
          ))}
        </ol>
      )}
    </>
  );
}

interface HistoryRowProps {
  connection: Connection;
  message: WireMessage;
  open: boolean;
  onToggle: () => void;
}

function HistoryRow({ connection, message, open, onToggle }: HistoryRowProps) {
  const { t, format } = useT();
  const outgoing = message.direction === "out";
  return (
    <li
      className={`history__row history__row--${message.direction}`}
      data-testid="history-row"
      data-direction={message.direction}
      data-kind={message.kind}
      data-method={message.method ?? ""}
    >
      <button type="button" className="history__summary" aria-expanded={open} onClick={onToggle}>
        <span className="history__time">{clockTime(message.atMs)}</span>
        <span className="history__direction" title={t(outgoing ? "history.out" : "history.in")}>
          {outgoing ? "→" : "←"}
        </span>
        <span className="history__method">{message.method ?? t(`history.kind.${message.kind}`)}</span>
        <span className="history__id">{message.id === undefined ? "" : `#${message.id}`}</span>
        <span className="history__duration">
          {message.durationMs === undefined ? "" : t("history.duration", { ms: format.number(message.durationMs) })}
        </span>
        <span className="history__size">{format.bytes(message.size)}</span>
      </button>
      {open && <MessageJson connection={connection} seq={message.seq} />}
    </li>
  );
}

function MessageJson({ connection, seq }: { connection: Connection; seq: number }) {
  const { t } = useT();
  const message = useAsync<WireMessage, LodeError>(
    `wire:${connection.id}:${seq}`,
    () => protocolMessage(connection.id, seq),
    toLodeError,
  );
  if (message.state.status === "loading") return <Spinner size="small" label={t("history.loading")} />;
  if (message.state.status === "error") return <LodeErrorBanner error={message.state.error} onRetry={message.reload} />;
  if (message.state.status !== "success") return null;
  const { json, truncated } = message.state.data;
  return (
    <div className="history__json-box">
      {truncated && <p className="server__faint">{t("history.truncated")}</p>}
      <pre className="history__json" data-testid="history-json" tabIndex={0}>
        {prettyJson(json ?? "")}
      </pre>
    </div>
  );
}
