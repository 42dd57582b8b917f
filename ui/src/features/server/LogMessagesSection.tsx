// The Log pane of a connection: its server's log messages (level, logger, time), filtered by
// level and text, and the level asked of the server (`logging/setLevel`), kept with the
// connection.
import { useId, useMemo, useState, useSyncExternalStore } from "react";
import { useT } from "../../i18n";
import { setLogLevel, toLodeError, type Connection, type LodeError } from "../../ipc";
import { FilterField } from "../../ui-kit/FilterField";
import { LodeErrorBanner } from "../errors";
import "./log-messages.css";
import { LEVELS, logMessages, rank, startLogCollection, type LogEntry } from "./logMessages";
import { RelativeTime } from "../../ui-kit/RelativeTime";

/** Entries drawn at once: the newest; the rest stay in memory for the filter. */
const SHOWN = 300;

export function LogMessagesSection({ connection, logging }: { connection: Connection; logging: boolean }) {
  const { t } = useT();
  const titleId = useId();
  startLogCollection();
  const entries = useSyncExternalStore(
    (listener) => logMessages.subscribe(listener),
    () => logMessages.entries(connection.id),
  );
  const [asked, setAsked] = useState<string>(() => logMessages.chosenLevel(connection.id) ?? connection.settings.logLevel ?? "");
  const [error, setError] = useState<LodeError | null>(null);
  const [minimum, setMinimum] = useState<number>(0);
  const [text, setText] = useState("");

  const shown = useMemo(() => {
    const needle = text.trim().toLowerCase();
    const matching = entries.filter(
      (entry) =>
        rank(entry.level) >= minimum &&
        (needle === "" || entry.text.toLowerCase().includes(needle) || (entry.logger ?? "").toLowerCase().includes(needle)),
    );
    return matching.slice(-SHOWN);
  }, [entries, minimum, text]);

  const choose = (level: string) => {
    setAsked(level);
    logMessages.choose(connection.id, level);
    setError(null);
    setLogLevel(connection.id, level === "" ? null : level).catch((reason: unknown) => setError(toLodeError(reason)));
  };

  return (
    <section className="server__section server__section--log" aria-labelledby={titleId} data-testid="log-messages">
      <header className="server__section-header">
        <h4 id={titleId} className="server__section-title">
          {t("logs.title")}
        </h4>
        <span className="count" data-testid="log-messages-count">
          {t("logs.count", { count: entries.length })}
        </span>
        <button type="button" className="button button--small" data-testid="log-messages-clear" onClick={() => logMessages.clear(connection.id)}>
          {t("logs.clear")}
        </button>
      </header>
      <div className="log-messages__controls">
        <label className="log-messages__control">
          <span>{t("logs.asked")}</span>
          <select className="input" data-testid="log-level" value={asked} disabled={!logging} onChange={(event) => choose(event.target.value)}>
            <option value="">{t("logs.asked.default")}</option>
            {LEVELS.map((level) => (
              <option key={level} value={level}>
                {level}
              </option>
            ))}
          </select>
        </label>
        <label className="log-messages__control">
          <span>{t("logs.show")}</span>
          <select className="input" data-testid="log-filter-level" value={minimum} onChange={(event) => setMinimum(Number(event.target.value))}>
            {LEVELS.map((level, index) => (
              <option key={level} value={index}>
                {t("logs.show.atLeast", { level })}
              </option>
            ))}
          </select>
        </label>
        <FilterField
          label={t("logs.filter")}
          value={text}
          onChange={setText}
          className="log-messages__search"
          testId="log-filter-text"
        />
      </div>
      {!logging && (
        <p className="server__note" data-testid="log-no-logging">
          {t("logs.noLogging")}
        </p>
      )}
      {error && <LodeErrorBanner error={error} />}
      {shown.length === 0 ? (
        <p className="server__faint" data-testid="log-messages-empty">
          {entries.length === 0 ? t("logs.empty") : t("logs.noMatch")}
        </p>
      ) : (
        <ol className="log-messages__list" data-testid="log-messages-list" tabIndex={0}>
          {shown.map((entry) => (
            <LogRow key={entry.seq} entry={entry} />
          ))}
        </ol>
      )}
    </section>
  );
}

function LogRow({ entry }: { entry: LogEntry }) {
  return (
    <li className="log-messages__entry" data-testid="log-entry" data-level={entry.level}>
      <RelativeTime className="log-messages__time" date={new Date(entry.time)} />
      <span className={`log-messages__level log-messages__level--${rank(entry.level)}`}>{entry.level}</span>
      {entry.logger !== undefined && <span className="log-messages__logger">{entry.logger}</span>}
      <span className="log-messages__text">{entry.text}</span>
    </li>
  );
}
