// A resource's lastModified annotation as a relative time with the exact time as tooltip, or
// the server's unparseable text, cut and revealed.
import { parseTimestamp, useT } from "../i18n";
import { RelativeTime } from "./RelativeTime";
import { visibleText } from "./serverText";
import "./ModifiedBadge.css";

/** "3 hours ago" in the current language, the exact time as tooltip. */
export function ModifiedBadge({ raw }: { raw: string | undefined }) {
  const { t } = useT();
  if (!raw) return null;
  // No honest timestamp is longer than this; a huge one is not worth parsing.
  const date = raw.length <= 64 ? parseTimestamp(raw) : null;
  if (!date) {
    // What the server sent is data of any length: shown cut, hidden characters revealed.
    const shown = visibleText(raw, 40);
    return (
      <span className="modified modified--invalid" title={visibleText(raw, 200)}>
        {t("browser.modified.invalid", { raw: shown })}
      </span>
    );
  }
  return (
    <RelativeTime
      className="modified"
      date={date}
      label={(relative, exact) => t("browser.modified.label", { relative, date: exact })}
    />
  );
}
