// A moment shown as "3 minutes ago" / "3 分钟前", with the exact date and time on hover (title)
// and in its accessible name: the one way dates are shown in the window.
import { useT } from "../i18n";

interface RelativeTimeProps {
  date: Date;
  /** The accessible name from the relative and the exact forms (default: "3 minutes ago (exact)"). */
  label?: (relative: string, exact: string) => string;
  /** What is shown (default: the relative form). */
  text?: (relative: string) => string;
  className?: string;
  testId?: string;
  /** "Now", for tests. */
  now?: Date;
}

export function RelativeTime({ date, label, text, className, testId, now }: RelativeTimeProps) {
  const { t, format } = useT();
  const relative = format.relative(date, now);
  const exact = format.dateTime(date);
  return (
    // Named by aria-label (a <time> has no role that may carry one): read as one phrase.
    <time
      className={className}
      dateTime={date.toISOString()}
      title={exact}
      role="img"
      aria-label={label ? label(relative, exact) : t("time.relativeExact", { relative, exact })}
      data-testid={testId}
    >
      {text ? text(relative) : relative}
    </time>
  );
}
