import { parseTimestamp, useT } from "../../i18n";

/** "3 days ago" in the current language, the absolute date as tooltip. */
export function ModifiedBadge({ raw }: { raw: string | undefined }) {
  const { t, format } = useT();
  if (!raw) return null;
  const date = parseTimestamp(raw);
  if (!date) {
    return <span className="modified modified--invalid">{t("browser.modified.invalid", { raw })}</span>;
  }
  const relative = format.relative(date);
  const absolute = format.dateTime(date);
  return (
    <time className="modified" dateTime={date.toISOString()} title={absolute}>
      <span aria-hidden="true">{relative}</span>
      <span className="visually-hidden">{t("browser.modified.label", { relative, date: absolute })}</span>
    </time>
  );
}
