// "Save as…" for a blob: Rust opens the dialog and writes the file (the window never learns the
// path); the outcome is announced beside the button.
import { useState } from "react";
import { useT } from "../../i18n";
import { saveContentAs, toLodeError, type LodeError } from "../../ipc";

type Saving = { status: "idle" } | { status: "saving" } | { status: "saved" } | { status: "failed"; error: LodeError };

/**
 * Writes a blob where the person chooses: the Save dialog opens from Rust, which decodes the
 * base64 and writes the file; the window never learns the path.
 */
export function SaveAsButton({ uri, mimeType, blob }: { uri: string; mimeType: string | undefined; blob: string }) {
  const { t } = useT();
  const [saving, setSaving] = useState<Saving>({ status: "idle" });
  const save = () => {
    setSaving({ status: "saving" });
    saveContentAs(uri, mimeType, blob).then(
      (saved) => {
        setSaving(saved ? { status: "saved" } : { status: "idle" });
      },
      (error: unknown) => {
        setSaving({ status: "failed", error: toLodeError(error) });
      },
    );
  };
  return (
    <span className="save-as">
      <button type="button" className="button button--small" disabled={saving.status === "saving"} onClick={save}>
        {t(saving.status === "saving" ? "preview.save.saving" : "preview.save.button")}
      </button>
      <span className="save-as__status" role="status">
        {saving.status === "saved" && t("preview.save.saved")}
        {saving.status === "failed" && t("preview.save.failed", { message: saving.error.message })}
      </span>
    </span>
  );
}
