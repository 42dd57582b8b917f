// A field's problem, as Rust named it (`FieldError`), in the person's language.
import type { FieldError } from "../../ipc";
import type { useT } from "../../i18n";

type T = ReturnType<typeof useT>["t"];

export function problemText(error: FieldError, t: T): string {
  switch (error.problem) {
    case "tooShort":
      return t("asks.problem.tooShort", { min: error.min });
    case "tooLong":
      return t("asks.problem.tooLong", { max: error.max });
    case "belowMinimum":
      return t("asks.problem.belowMinimum", { minimum: error.minimum });
    case "aboveMaximum":
      return t("asks.problem.aboveMaximum", { maximum: error.maximum });
    case "badFormat":
      return t("asks.problem.badFormat", { format: t(`asks.format.${error.format}`) });
    case "tooFew":
      return t("asks.problem.tooFew", { min: error.min });
    case "tooMany":
      return t("asks.problem.tooMany", { max: error.max });
    default:
      return t(`asks.problem.${error.problem}`);
  }
}
