// The "Delete connection?" confirmation (Delete has the focus: an Undo follows).
import { useState } from "react";
import { useT } from "../../i18n";
import type { Connection } from "../../ipc";
import { Dialog } from "../../ui-kit/Dialog";

interface DeleteConnectionProps {
  connection: Connection;
  onClose: () => void;
  /** Removes it; the dialog closes once that settles (the notice reports the outcome). */
  onConfirm: () => Promise<void>;
}

/** "Delete X?": Delete has the focus, since an Undo follows for a few seconds anyway. */
export function DeleteConnection({ connection, onClose, onConfirm }: DeleteConnectionProps) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const footer = (
    <>
      <button type="button" className="button" data-testid="delete-cancel" onClick={onClose}>
        {t("common.cancel")}
      </button>
      <button
        type="button"
        className="button button--danger"
        data-testid="delete-confirm"
        data-autofocus
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void onConfirm().finally(onClose);
        }}
      >
        {t("connections.delete.confirm")}
      </button>
    </>
  );
  return (
    <Dialog
      title={t("connections.delete.title", { name: connection.name })}
      role="alertdialog"
      size="small"
      onClose={onClose}
      footer={footer}
      closeLabel={t("common.close")}
      testId="delete-dialog"
    >
      <p className="dialog__text">{t("connections.delete.body")}</p>
    </Dialog>
  );
}
