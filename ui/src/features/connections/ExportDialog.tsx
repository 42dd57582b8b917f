// The export dialog: the chosen connections as an mcpServers file to copy (secrets left out),
// with the shell's notes on what it could not carry over.
import { useState } from "react";
import { useT } from "../../i18n";
import { exportConnections, toLodeError, type Connection, type Exported, type LodeError } from "../../ipc";
import { Dialog } from "../../ui-kit/Dialog";
import { Spinner } from "../../ui-kit/Spinner";
import { useAsync } from "../../ui-kit/useAsync";
import { LodeErrorBanner } from "../errors";

/** The connections as an `mcpServers` file to paste into another client; secrets stay out. */
export function ExportDialog({ connections, onClose }: { connections: readonly Connection[]; onClose: () => void }) {
  const { t } = useT();
  const ids = connections.map((c) => c.id);
  const { state, reload } = useAsync<Exported, LodeError>(`export:${ids.join(",")}`, () => exportConnections(ids), toLodeError);
  const [copied, setCopied] = useState<"no" | "yes" | "failed">("no");
  const text = state.status === "success" ? JSON.stringify(state.data.config, null, 2) : "";

  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setCopied("yes"),
      () => setCopied("failed"),
    );
  };
  const footer = (
    <>
      <div className="dialog__footer-start" role="status">
        {copied === "yes" && t("export.copied")}
        {copied === "failed" && t("export.copyFailed")}
      </div>
      <button type="button" className="button" onClick={onClose}>
        {t("common.close")}
      </button>
      <button
        type="button"
        className="button button--primary"
        data-testid="export-copy"
        disabled={state.status !== "success"}
        onClick={copy}
      >
        {t("export.copy")}
      </button>
    </>
  );
  const title =
    connections.length === 1 && connections[0]
      ? t("export.titleOne", { name: connections[0].name })
      : t("export.title", { count: connections.length });
  return (
    <Dialog title={title} onClose={onClose} footer={footer} size="large" closeLabel={t("common.close")} testId="export-dialog">
      {state.status === "loading" && <Spinner label={t("export.loading")} />}
      {state.status === "error" && <LodeErrorBanner error={state.error} onRetry={reload} />}
      {state.status === "success" && (
        <div className="export">
          <p className="field__hint">{t("export.hint")}</p>
          <pre className="export__config" data-testid="export-config" tabIndex={0}>
            {text}
          </pre>
          {state.data.notes.length > 0 && (
            <ul className="export__notes" data-testid="export-notes" aria-label={t("export.notes")}>
              {state.data.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Dialog>
  );
}
