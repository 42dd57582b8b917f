// The Hub pane's two dialogs: "New hub profile" (a name; it exposes nothing yet) and the removal
// confirmation (no undo: the token goes with the profile).
import { useState } from "react";
import { useT } from "../../i18n";
import { toLodeError, type LodeError } from "../../ipc";
import { Dialog } from "../../ui-kit/Dialog";
import { Field } from "../../ui-kit/Field";
import { LodeErrorBanner } from "../errors";

interface CreateProfileProps {
  onClose: () => void;
  onCreate: (name: string) => Promise<unknown>;
}

/** "New hub profile": a name. Rust checks it (length, `/`, `#`, control characters). */
export function CreateProfileDialog({ onClose, onCreate }: CreateProfileProps) {
  const { t } = useT();
  const [name, setName] = useState("");
  const [error, setError] = useState<LodeError | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = () => {
    if (name.trim() === "" || busy) return;
    setBusy(true);
    onCreate(name.trim()).then(onClose, (reason: unknown) => {
      setError(toLodeError(reason));
      setBusy(false);
    });
  };
  const footer = (
    <>
      <button type="button" className="button" onClick={onClose}>
        {t("common.cancel")}
      </button>
      <button
        type="submit"
        className="button button--primary"
        data-testid="hub-create-submit"
        disabled={busy || name.trim() === ""}
      >
        {t("hub.create.submit")}
      </button>
    </>
  );
  return (
    <Dialog
      title={t("hub.create.title")}
      size="small"
      onClose={onClose}
      onSubmit={submit}
      footer={footer}
      closeLabel={t("common.close")}
      testId="hub-create-dialog"
    >
      {error && <LodeErrorBanner error={error} />}
      <Field label={t("hub.create.name")} hint={t("hub.create.nameHint")}>
        {(control) => (
          <input
            {...control}
            className="input"
            data-testid="hub-create-name"
            data-autofocus
            autoComplete="off"
            maxLength={64}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
    </Dialog>
  );
}

interface RemoveProfileProps {
  name: string;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}

/** "Remove the hub profile X?": Cancel has the focus, since there is no undo. */
export function RemoveProfileDialog({ name, onClose, onConfirm }: RemoveProfileProps) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const footer = (
    <>
      <button type="button" className="button" data-autofocus onClick={onClose}>
        {t("common.cancel")}
      </button>
      <button
        type="button"
        className="button button--danger"
        data-testid="hub-remove-confirm"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void onConfirm().finally(onClose);
        }}
      >
        {t("hub.remove.confirm")}
      </button>
    </>
  );
  return (
    <Dialog
      title={t("hub.remove.title", { name })}
      role="alertdialog"
      size="small"
      onClose={onClose}
      footer={footer}
      closeLabel={t("common.close")}
      testId="hub-remove-dialog"
    >
      <p className="dialog__text">{t("hub.remove.body")}</p>
    </Dialog>
  );
}
