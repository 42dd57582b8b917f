// A resource's kind, shown only when it is not a plain resource: an app (MCP Apps) is an
// interactive view, not a document to read, and a skill's file is one of a folder an assistant
// uses whole (agent skills); the row says so.
import { useT } from "../i18n";
import type { ResourceKind } from "../ipc";
import "./KindBadge.css";

const BADGES = {
  app: { label: "browser.kind.app", explained: "browser.kind.appBadge" },
  skill: { label: "browser.kind.skill", explained: "browser.kind.skillBadge" },
} as const;

export function KindBadge({ kind }: { kind: ResourceKind }) {
  const { t } = useT();
  if (kind === "resource") return null;
  const badge = BADGES[kind];
  return (
    <span
      className={`kind-badge kind-badge--${kind}`}
      role="img"
      aria-label={t(badge.explained)}
      title={t(badge.explained)}
      data-testid="kind-badge"
    >
      {t(badge.label)}
    </span>
  );
}
