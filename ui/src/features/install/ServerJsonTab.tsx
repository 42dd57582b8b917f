// The server.json / bundle tab: paste a server.json or open one (read by Rust, bounded), then
// the same steps as a registry's server; or open an .mcpb bundle, which Rust checks (digest,
// signature, every path, its manifest) before the bundle step shows it. A malformed one is
// refused with why.
import { useState } from "react";
import { useT } from "../../i18n";
import { chooseMcpb, chooseServerJson, toLodeError, type InstallTarget, type LodeError, type McpbView } from "../../ipc";
import { LodeErrorBanner } from "../errors";

interface ServerJsonTabProps {
  onChoose: (target: InstallTarget) => void;
  onOpenMcpb: (opened: McpbView) => void;
}

export function ServerJsonTab({ onChoose, onOpenMcpb }: ServerJsonTabProps) {
  const { t } = useT();
  const [text, setText] = useState("");
  const [error, setError] = useState<LodeError | null>(null);
  const [opening, setOpening] = useState(false);
  const openMcpb = () => {
    setError(null);
    setOpening(true);
    chooseMcpb().then(
      (opened) => {
        setOpening(false);
        if (opened !== null) onOpenMcpb(opened);
      },
      (failure: unknown) => {
        setOpening(false);
        setError(toLodeError(failure));
      },
    );
  };
  const open = () => {
    setError(null);
    chooseServerJson().then(
      (picked) => {
        if (picked !== null) setText(picked);
      },
      (failure: unknown) => setError(toLodeError(failure)),
    );
  };
  return (
    <div className="server-json-tab">
      <label className="server-json-tab__label" htmlFor="server-json-text">
        {t("install.serverJson.label")}
      </label>
      <textarea
        id="server-json-text"
        data-testid="server-json-text"
        data-autofocus
        rows={14}
        spellCheck={false}
        placeholder={t("install.serverJson.placeholder")}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {error && <LodeErrorBanner error={error} />}
      <div className="server-json-tab__actions">
        <button type="button" className="button" data-testid="server-json-open" onClick={open}>
          {t("install.serverJson.open")}
        </button>
        <button type="button" className="button" data-testid="mcpb-open" onClick={openMcpb} disabled={opening} title={t("mcpb.hint")}>
          {opening ? t("mcpb.opening") : t("mcpb.open")}
        </button>
        <button
          type="button"
          className="button button--primary"
          data-testid="server-json-continue"
          disabled={text.trim() === ""}
          onClick={() => onChoose({ kind: "serverJson", text, fromLink: false })}
        >
          {t("install.serverJson.continue")}
        </button>
      </div>
    </div>
  );
}
