// The server details pane: name, version, protocol era, capabilities and instructions, how its
// resources show in the browser, and a local server's stderr tail (refresh, copy); Escape or
// Close gives the column back.
import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type Ref } from "react";
import { useT } from "../../i18n";
import type { ConnectionStatus, Connection, LodeError, ServerInfo } from "../../ipc";
import { Badge } from "../../ui-kit/Badge";
import { EmptyState } from "../../ui-kit/EmptyState";
import { Pane } from "../../ui-kit/Pane";
import { Spinner } from "../../ui-kit/Spinner";
import { LodeErrorBanner } from "../errors";
import { HistorySection } from "../history";
import { PickerSection } from "../picker";
import { offeredCapabilities } from "./capabilities";
import { cleanLogLine } from "./log";
import { LogMessagesSection } from "./LogMessagesSection";
import { RootsSection } from "./RootsSection";
import { useServerDetails } from "./useServerDetails";
import { ItemMetadata } from "../catalog";
import "./server.css";
import { ConnectionOrigin } from "./ConnectionOrigin";

interface ServerPaneProps {
  connection: Connection;
  /** The connection's live status; the details are loaded again when it comes (back) up. */
  status: ConnectionStatus | undefined;
  /** For the button's aria-controls. */
  id: string;
  /** The pane itself, focusable, so that opening it can move focus into it. */
  ref?: Ref<HTMLElement>;
  /** The close button and Escape. */
  onClose: () => void;
}

/** What a connection's server said about itself, and what a local one wrote to stderr. */
export function ServerPane({ connection, status, id, ref, onClose }: ServerPaneProps) {
  const { t } = useT();
  const { info, log, local, reloadAll } = useServerDetails(connection, status);
  const infoError = info.state.status === "error" ? info.state.error : null;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "Escape" && !event.defaultPrevented) {
      event.preventDefault();
      onClose();
    }
  };

  const aside = (
    <button
      type="button"
      className="button button--small"
      data-testid="server-details-close"
      title={t("server.close.title")}
      onClick={onClose}
    >
      {t("server.close")}
    </button>
  );

  return (
    <Pane
      title={t("server.titleOf", { connection: connection.name })}
      aside={aside}
      className="pane--server"
      testId="server-details"
      id={id}
      ref={ref}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div className="server">
        <ConnectionOrigin connection={connection} />
        {info.state.status === "loading" && <Spinner label={t("server.loading")} />}
        {infoError && <LodeErrorBanner error={infoError} onRetry={reloadAll} />}
        {info.state.status === "success" && <ServerSummary info={info.state.data} connectionName={connection.name} />}
        <PickerSection connection={connection} />
        <RootsSection connection={connection} />
        <LogMessagesSection connection={connection} logging={info.state.status === "success" && info.state.data.capabilities.logging} />
        <LogSection
          local={local}
          state={log.state}
          pending={log.pending}
          // The same failure as the info's (the connection is down) needs saying only once.
          hideError={infoError}
          onRefresh={log.refresh}
          onRetry={log.reload}
        />
        {connection.transport.kind !== "rest" && <HistorySection connection={connection} status={status} />}
      </div>
    </Pane>
  );
}

/** Server text is untrusted: an absent or blank value is no value. */
function present(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === "" ? undefined : text;
}

function ServerSummary({ info, connectionName }: { info: ServerInfo; connectionName: string }) {
  const { t } = useT();
  const instructionsId = useId();
  const title = present(info.title);
  const name = present(info.name);
  const version = present(info.version);
  const instructions = present(info.instructions);
  const heading = title ?? name ?? connectionName;
  const era = t(`server.era.${info.era}`);
  const protocol = info.era === "rest" ? era : t("server.protocol.value", { version: info.protocolVersion, era });
  const capabilities = offeredCapabilities(info.capabilities);

  return (
    <>
      <div className="server__subject">
        <h3 className="server__heading" data-testid="server-heading">
          {heading}
        </h3>
        {title === undefined && name === undefined && <p className="server__faint">{t("server.unnamed")}</p>}
      </div>

      <ItemMetadata icons={info.icons} />
      <dl className="server__facts">
        {name !== undefined && name !== heading && (
          <div className="server__fact">
            <dt>{t("server.name")}</dt>
            <dd className="server__mono" data-testid="server-name">
              {name}
            </dd>
          </div>
        )}
        {version !== undefined && (
          <div className="server__fact">
            <dt>{t("server.version")}</dt>
            <dd className="server__mono" data-testid="server-version">
              {version}
            </dd>
          </div>
        )}
        <div className="server__fact">
          <dt>{t("server.protocol")}</dt>
          <dd className="server__mono" data-testid="server-protocol" title={t(`server.era.${info.era}.hint`)}>
            {protocol}
          </dd>
        </div>
        <div className="server__fact">
          <dt>{t("server.capabilities")}</dt>
          <dd>
            {capabilities.length === 0 ? (
              <span className="server__faint">{t("server.capabilities.none")}</span>
            ) : (
              <ul className="server__chips" data-testid="server-capabilities">
                {capabilities.map(({ key, mcpPath, feature }) => (
                  <li key={key} data-capability={key}>
                    <Badge tone={feature ? "accent" : "neutral"} title={mcpPath}>
                      {t(`server.capability.${key}`)}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>

      <section className="server__section" aria-labelledby={instructionsId}>
        <h4 id={instructionsId} className="server__section-title">
          {t("server.instructions")}
        </h4>
        {instructions === undefined ? (
          <p className="server__faint">{t("server.instructions.none")}</p>
        ) : (
          // Plain text with its line breaks; long text scrolls (and can be scrolled by keyboard).
          <div className="server__instructions" data-testid="server-instructions" tabIndex={0}>
            {instructions}
          </div>
        )}
      </section>
    </>
  );
}

interface LogSectionProps {
  local: boolean;
  state: ReturnType<typeof useServerDetails>["log"]["state"];
  pending: boolean;
  hideError: LodeError | null;
  onRefresh: () => void;
  onRetry: () => void;
}

function LogSection({ local, state, pending, hideError, onRefresh, onRetry }: LogSectionProps) {
  const { t, format } = useT();
  const titleId = useId();
  const lines = state.status === "success" ? state.data : null;
  const sameError =
    state.status === "error" &&
    hideError !== null &&
    state.error.code === hideError.code &&
    state.error.message === hideError.message;

  return (
    <section className="server__section server__section--log" aria-labelledby={titleId} data-testid="server-log-section">
      <header className="server__section-header">
        <h4 id={titleId} className="server__section-title">
          {t("server.log")}
        </h4>
        {lines !== null && lines.length > 0 && (
          <span className="count" data-testid="server-log-count">
            {t(lines.length === 1 ? "server.log.lines.one" : "server.log.lines.other", {
              count: format.number(lines.length),
            })}
          </span>
        )}
        {lines !== null && lines.length > 0 && <CopyLogButton lines={lines} />}
        {local && (
          <button
            type="button"
            className="button button--small server__refresh"
            data-testid="server-log-refresh"
            aria-busy={pending}
            onClick={onRefresh}
          >
            {pending && <span className="server__refresh-ring" aria-hidden="true" />}
            {t("server.log.refresh")}
          </button>
        )}
      </header>
      {!local && (
        <p className="server__note" data-testid="server-log-remote">
          {t("server.log.remote")}
        </p>
      )}
      {local && state.status === "loading" && <Spinner size="small" label={t("server.log.loading")} />}
      {local && state.status === "error" && !sameError && <LodeErrorBanner error={state.error} onRetry={onRetry} />}
      {lines?.length === 0 && (
        <div className="server-log server-log--empty" data-testid="server-log-empty">
          <EmptyState>{t("server.log.empty")}</EmptyState>
        </div>
      )}
      {lines !== null && lines.length > 0 && <LogView lines={lines} />}
    </section>
  );
}

/** Copies the log as plain text, one line each, for a bug report; says whether it worked. */
function CopyLogButton({ lines }: { lines: readonly string[] }) {
  const { t } = useT();
  const [copied, setCopied] = useState<"no" | "yes" | "failed">("no");
  const copy = () => {
    navigator.clipboard.writeText(lines.map(cleanLogLine).join("\n")).then(
      () => setCopied("yes"),
      () => setCopied("failed"),
    );
  };
  return (
    <button type="button" className="button button--small" data-testid="server-log-copy" onClick={copy}>
      <span role="status">
        {copied === "yes" ? t("server.log.copied") : copied === "failed" ? t("server.log.copyFailed") : t("server.log.copy")}
      </span>
    </button>
  );
}

/**
 * The stderr tail as text, oldest first, scrolled to the newest line whenever it changes. One
 * block per line: a wrapped line hangs under its first characters, and a copy keeps the breaks.
 */
function LogView({ lines }: { lines: readonly string[] }) {
  const ref = useRef<HTMLPreElement>(null);
  const shown = useMemo(() => lines.map(cleanLogLine), [lines]);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [shown]);
  return (
    <pre ref={ref} className="server-log" data-testid="server-log" tabIndex={0}>
      {shown.map((line, index) => (
        // A log has no ids; a line is where it stands in this answer.
        <span key={index} className="server-log__line">
          {line}
        </span>
      ))}
    </pre>
  );
}
