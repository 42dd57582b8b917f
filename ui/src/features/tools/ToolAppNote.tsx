// What a tool's `_meta.ui` says, in its details: the app that shows its results, and who may
// call it when its visibility leaves out assistants or apps.
import { useT } from "../../i18n";
import type { ToolItem } from "../../ipc";
import { KindBadge } from "../../ui-kit/KindBadge";
import { RevealedText } from "../../ui-kit/RevealedText";

export function ToolAppNote({ tool }: { tool: ToolItem }) {
  const { t } = useT();
  const ui = tool.ui;
  if (!ui) return null;
  return (
    <div className="tool-app-note" data-testid="tool-app">
      {ui.resourceUri && (
        <p data-testid="tool-app-uri">
          <KindBadge kind="app" /> {t("apps.tool.app")}: <code><RevealedText text={ui.resourceUri} /></code>
        </p>
      )}
      {!ui.visibility.model && <p data-testid="tool-hidden-from-model">{t("apps.tool.hiddenFromModel")}</p>}
      {!ui.visibility.app && <p data-testid="tool-hidden-from-apps">{t("apps.tool.hiddenFromApps")}</p>}
    </div>
  );
}
