// A tool's annotations as badges (read-only, destructive, idempotent, open world).
import { useT } from "../../i18n";
import type { ToolItem } from "../../ipc";
import { Badge } from "../../ui-kit/Badge";
import { statedHints } from "./toolHints";

export function ToolHintBadges({ tool }: { tool: ToolItem }) {
  const { t } = useT();
  const hints = statedHints(tool);
  if (hints.length === 0) return null;
  return (
    <ul className="server__chips" data-testid="tool-hints" aria-label={t("tools.hints.label")}>
      {hints.map((hint) => (
        <li key={hint} data-hint={hint}>
          <Badge tone={hint === "destructive" ? "warning" : "neutral"} title={t(`tools.hint.${hint}.title`)}>
            {t(`tools.hint.${hint}`)}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
