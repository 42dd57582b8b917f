// A row's annotations as small widgets: audience icons, the priority meter and the size.
import { useT } from "../i18n";
import type { Annotations } from "../ipc";
import { audienceKind, normalizedPriority } from "./resourceFields";
import { AssistantIcon, UserIcon } from "./rowIcons";
import "./RowMeta.css";

/** Who the resource is for, as icons with accessible names; nothing when unspecified. */
export function AudienceIcons({ audience }: { audience: Annotations["audience"] }) {
  const { t } = useT();
  const kind = audienceKind(audience);
  if (kind === null) return null;
  const user = t("browser.audience.forUser");
  const assistant = t("browser.audience.forAssistant");
  return (
    <span className="audience" data-audience={kind}>
      {kind !== "assistant" && (
        <span className="audience__icon audience__icon--user" role="img" aria-label={user} title={user}>
          <UserIcon />
        </span>
      )}
      {kind !== "user" && (
        <span className="audience__icon audience__icon--assistant" role="img" aria-label={assistant} title={assistant}>
          <AssistantIcon />
        </span>
      )}
    </span>
  );
}

/** Priority 0..1 as a small meter with its value; nothing when the server gave none. */
export function PriorityMeter({ priority }: { priority: number | undefined }) {
  const { t, format } = useT();
  const value = normalizedPriority(priority);
  if (value === null) return null;
  const shown = format.number(value, 2);
  const label = t("browser.priority.label", { value: shown });
  // Named by aria-label, not by visually hidden text: in a software-painted window every clipped
  // box in a row costs paint time on each scrolled frame (measured, see docs/browser.md).
  return (
    <span className="priority" role="img" aria-label={label} title={label}>
      <span className="priority__meter">
        <span className="priority__fill" style={{ width: `${Math.round(value * 100)}%` }} />
      </span>
      {shown}
    </span>
  );
}

/** Size in human units; nothing when unknown or not a sane number. */
export function SizeLabel({ size }: { size: number | undefined }) {
  const { t, format } = useT();
  if (typeof size !== "number" || !Number.isFinite(size) || size < 0) return null;
  const shown = format.bytes(size);
  return (
    <span className="row-size" title={t("browser.size.label", { size: shown })}>
      {shown}
    </span>
  );
}
