// Shown in a tool's details when the person told Lode not to ask before running it: says so,
// and undoes it ("Ask again before running …"). Only Lode's own dialog can set it again.
import { useT } from "../../i18n";
import type { LodeError } from "../../ipc";
import { LodeErrorBanner } from "../errors";

export function AskAgainNote({ name, onAskAgain, error }: { name: string; onAskAgain: () => void; error: LodeError | null }) {
  const { t } = useT();
  return (
    <div className="tool-trust" data-testid="tool-trusted">
      <p className="field__hint">{t("tools.trusted.note", { name })}</p>
      <button type="button" className="button button--small" data-testid="tool-ask-again" onClick={onAskAgain}>
        {t("tools.trusted.askAgain", { name })}
      </button>
      {error && <LodeErrorBanner error={error} />}
    </div>
  );
}
