// The server.json tab: paste one or open a file (read by Rust, bounded), then the same steps
// as a registry's server. Rust reads and checks it; a malformed one is refused with why.
import { useState } from "react";
import { useT } from "../../i18n";
import { chooseServerJson, toLodeError, type InstallTarget, type LodeError } from "../../ipc";
import { LodeErrorBanner } from "../errors";

export function ServerJsonTab({ onChoose }: { onChoose: (target: InstallTarget) => void }) {
  const { t } = useT();
  const [text, setText] = useState("");
  const [error, setError] = useState<LodeError | null>(null);
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
