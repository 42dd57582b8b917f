// A resource's kind, shown only when it is not a plain resource: an app (MCP Apps) is an
// interactive view, not a document to read, and the row says so.
import { useT } from "../i18n";
import type { ResourceKind } from "../ipc";
import "./KindBadge.css";

export function KindBadge({ kind }: { kind: ResourceKind }) {
  const { t } = useT();
  if (kind !== "app") return null;
  return (
    <span className="kind-badge" role="img" aria-label={t("browser.kind.appBadge")} title={t("browser.kind.appBadge")} data-testid="kind-badge">
      {t("browser.kind.app")}
    </span>
  );
}
