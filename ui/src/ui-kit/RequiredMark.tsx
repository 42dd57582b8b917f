// The mark after the label of a required tool property or prompt argument.
import { useT } from "../i18n";

/** A red asterisk for the eye, the word "required" for a screen reader. */
export function RequiredMark() {
  const { t } = useT();
  return (
    <span className="schema-field__required" title={t("tools.field.required")}>
      <span aria-hidden="true">*</span>
      <span className="visually-hidden">{t("tools.field.required")}</span>
    </span>
  );
}
