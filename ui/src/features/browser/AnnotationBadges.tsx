import { useT } from "../../i18n";
import type { ResourceItem } from "../../ipc";
import { Badge } from "../../ui-kit/Badge";
import { audienceKind, normalizedPriority } from "./annotations";

const AUDIENCE_KEYS = {
  user: "browser.audience.user",
  assistant: "browser.audience.assistant",
  both: "browser.audience.both",
} as const;

const AUDIENCE_TONES = { user: "accent", assistant: "info", both: "success" } as const;

/** Audience, priority, media type and size of one resource; absent values show nothing. */
export function AnnotationBadges({ item }: { item: ResourceItem }) {
  const { t, format } = useT();
  const audience = audienceKind(item.annotations.audience);
  const priority = normalizedPriority(item.annotations.priority);
  return (
    <>
      {audience && (
        <Badge
          tone={AUDIENCE_TONES[audience]}
          label={t("browser.audience.label", { audience: t(AUDIENCE_KEYS[audience]) })}
        >
          {t(AUDIENCE_KEYS[audience])}
        </Badge>
      )}
      {priority !== null && (
        <Badge
          title={t("browser.priority.label", { value: format.number(priority, 2) })}
          label={t("browser.priority.label", { value: format.number(priority, 2) })}
        >
          <span className="priority-meter" aria-hidden="true">
            <span className="priority-meter__fill" style={{ width: `${Math.round(priority * 100)}%` }} />
          </span>
          {t("browser.priority.short", { value: format.number(priority, 2) })}
        </Badge>
      )}
      {item.mimeType && (
        <Badge mono title={t("browser.mime.label", { mime: item.mimeType })}>
          {item.mimeType}
        </Badge>
      )}
      {typeof item.size === "number" && Number.isFinite(item.size) && (
        <Badge title={t("browser.size.label", { size: format.bytes(item.size) })}>{format.bytes(item.size)}</Badge>
      )}
    </>
  );
}
