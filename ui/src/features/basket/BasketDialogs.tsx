// The basket pane's two dialogs: "New basket" (name and optional token limit) and the delete
// confirmation.
import { useState } from "react";
import { useT } from "../../i18n";
import { toLodeError, type BasketSummary, type LodeError } from "../../ipc";
import { Dialog } from "../../ui-kit/Dialog";
import { Field } from "../../ui-kit/Field";
import { LodeErrorBanner } from "../errors";
import { parseLimit } from "./limit";

interface CreateBasketProps {
  onClose: () => void;
  onCreate: (name: string, tokenLimit: number | null) => Promise<unknown>;
}

/** "New basket": a name and an optional token limit. Rust checks the name (taken, too long…). */
export function CreateBasketDialog({ onClose, onCreate }: CreateBasketProps) {
  const { t } = useT();
  const [name, setName] = useState("");
  const [limit, setLimit] = useState("");
  const [error, setError] = useState<LodeError | null>(null);
  const [busy, setBusy] = useState(false);
  const parsed = parseLimit(limit);
  const submit = () => {
    if (parsed === undefined || name.trim() === "" || busy) return;
    setBusy(true);
    onCreate(name, parsed).then(onClose, (reason: unknown) => {
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
        data-testid="basket-create-submit"
        disabled={busy || name.trim() === "" || parsed === undefined}
      >
        {t("basket.create.submit")}
      </button>
    </>
  );
  return (
    <Dialog
      title={t("basket.create.title")}
      size="small"
      onClose={onClose}
      onSubmit={submit}
      footer={footer}
      closeLabel={t("common.close")}
      testId="basket-create-dialog"
    >
      {error && <LodeErrorBanner error={error} />}
      <Field label={t("basket.create.name")}>
        {(control) => (
          <input
            {...control}
            className="input"
            data-testid="basket-create-name"
            data-autofocus
            autoComplete="off"
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <Field
        label={t("basket.create.limit")}
        hint={t("basket.create.limitHint")}
        errors={parsed === undefined ? [t("basket.limit.invalid")] : []}
      >
        {(control) => (
          <input
            {...control}
            className="input"
            data-testid="basket-create-limit"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t("basket.limit.placeholder")}
            value={limit}
            onChange={(event) => setLimit(event.target.value)}
          />
        )}
      </Field>
    </Dialog>
  );
}

interface DeleteBasketProps {
  basket: BasketSummary;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}

/** "Delete the basket X?": Cancel has the focus, since there is no undo. */
export function DeleteBasketDialog({ basket, onClose, onConfirm }: DeleteBasketProps) {
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
        data-testid="basket-delete-confirm"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void onConfirm().finally(onClose);
        }}
      >
        {t("basket.delete.confirm")}
      </button>
    </>
  );
  return (
    <Dialog
      title={t("basket.delete.title", { name: basket.name })}
      role="alertdialog"
      size="small"
      onClose={onClose}
      footer={footer}
      closeLabel={t("common.close")}
      testId="basket-delete-dialog"
    >
      <p className="dialog__text">{t("basket.delete.body")}</p>
    </Dialog>
  );
}
