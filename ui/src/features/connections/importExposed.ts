// A token an import leaves in a connection's plain settings (its transport has no keychain place
// for it), in words for the preview.
import type { Translate } from "../../i18n";
import type { ExposedSecret } from "../../ipc";

/** A token left in a candidate's plain settings, in words. */
export function exposedText(exposed: ExposedSecret, t: Translate): string {
  switch (exposed.kind) {
    case "argument":
      return t("import.exposed.argument", { number: String(exposed.index + 1) });
    case "urlQuery":
      return t("import.exposed.urlQuery", { name: exposed.name });
    case "urlUserinfo":
      return t("import.exposed.urlUserinfo");
  }
}
