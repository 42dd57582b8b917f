// An update's failure in the person's language: Rust sends its code, step, reason and figures
// (`error.facts`), never words; each (step, reason) is worded here.
import type { Formatters, Translate } from "../../i18n";
import type { LodeError, UpdateFailure } from "../../ipc";

/** The update failure's facts, when `error` is one. */
export function updateFailure(error: LodeError): UpdateFailure | null {
  return error.facts?.kind === "update" ? error.facts : null;
}

/** The sentence for an update's failure, or null when `error` carries no update facts. */
export function updateFailureText(error: LodeError, t: Translate, format: Formatters): string | null {
  const facts = updateFailure(error);
  if (!facts) return null;
  const version = facts.version ?? "";
  const seconds = format.number(facts.timeoutSecs ?? 0, 1);
  const amount = () => {
    const received = format.bytes(facts.received ?? 0);
    return facts.total === undefined
      ? t("updateFailure.amountReceived", { received })
      : t("updateFailure.amountOf", { received, total: format.bytes(facts.total) });
  };
  switch (facts.step) {
    case "check":
      switch (facts.reason) {
        case "timeout":
          return t("updateFailure.check.timeout", { seconds });
        case "unreachable":
          return t("updateFailure.check.unreachable");
        case "notJson":
          return t("updateFailure.check.notJson");
        case "notARelease":
          return t("updateFailure.check.notARelease");
        case "errorStatus":
          return t("updateFailure.check.errorStatus");
        case "noPackage": {
          const targets = facts.targets ?? [];
          return targets.length === 0
            ? t("updateFailure.check.noPackage")
            : t("updateFailure.check.noPackageTargets", { targets: targets.join(", ") });
        }
        case "insecure":
          return t("updateFailure.check.insecure");
        case "off":
          return t("updateFailure.check.off");
        case "noFeed":
          return t("updateFailure.check.noFeed");
        case "invalidFeed":
          return t("updateFailure.check.invalidFeed");
        default:
          return t("updateFailure.check.other");
      }
    case "download":
      switch (facts.reason) {
        case "timeout":
          return t("updateFailure.download.timeout", { seconds });
        case "stalled":
          return t("updateFailure.download.stalled", { version, amount: amount(), seconds });
        case "incomplete":
          return t("updateFailure.download.incomplete", { version, amount: amount() });
        case "signature":
          return t("updateFailure.download.signature");
        case "unreachable":
          return t("updateFailure.download.unreachable", { version });
        case "refused":
          return t("updateFailure.download.refused", { version });
        case "insecure":
          return t("updateFailure.download.insecure");
        default:
          return t("updateFailure.download.other", { version });
      }
    case "install":
      switch (facts.reason) {
        case "signature":
          return t("updateFailure.install.signature");
        case "notAPackage":
          return t("updateFailure.install.notAPackage", { version });
        case "notAuthorized":
          return t("updateFailure.install.notAuthorized", { version });
        case "packageManager":
          return t("updateFailure.install.packageManager", { version });
        default:
          return t("updateFailure.install.other", { version });
      }
  }
}
