// The Listing limits dialog: how many resources, bytes and pages one listing of one server
// may bring before Lode stops it (a server that never stops handing out pages is stopped there).
import { useState } from "react";
import { useT } from "../../i18n";
import { listingLimits, setListingLimits, toLodeError, type LodeError, type ListingLimits } from "../../ipc";
import { Dialog } from "../../ui-kit/Dialog";
import { Field } from "../../ui-kit/Field";
import { Spinner } from "../../ui-kit/Spinner";
import { useAsync } from "../../ui-kit/useAsync";
import { LodeErrorBanner } from "../errors";

const FIELDS = ["maxItems", "maxBytes", "maxPages"] as const;
type Cap = (typeof FIELDS)[number];
type Texts = Record<Cap, string>;

/** Edits the three caps; saved ones apply to connections that connect from then on. */
export function ListingLimitsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useT();
  const { state, reload } = useAsync<ListingLimits, LodeError>("listing-limits", listingLimits, toLodeError);
  if (state.status === "success") return <LimitsForm limits={state.data} onClose={onClose} />;
  return (
    <Dialog title={t("limits.title")} onClose={onClose} closeLabel={t("common.close")} testId="listing-limits-dialog">
      {state.status === "error" ? <LodeErrorBanner error={state.error} onRetry={reload} /> : <Spinner label={t("limits.loading")} />}
    </Dialog>
  );
}

function LimitsForm({ limits, onClose }: { limits: ListingLimits; onClose: () => void }) {
  const { t } = useT();
  const [texts, setTexts] = useState<Texts>({
    maxItems: String(limits.maxItems),
    maxBytes: String(limits.maxBytes),
    maxPages: String(limits.maxPages),
  });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<LodeError | null>(null);
  const parsed = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);
  const invalid = (cap: Cap) => !(parsed(texts[cap]) >= 1 && Number.isSafeInteger(parsed(texts[cap])));

  const save = () => {
    if (FIELDS.some(invalid)) return;
    setSaving(true);
    setFailure(null);
    setListingLimits({ maxItems: parsed(texts.maxItems), maxBytes: parsed(texts.maxBytes), maxPages: parsed(texts.maxPages) }).then(
      () => onClose(),
      (error: unknown) => {
        setSaving(false);
        setFailure(toLodeError(error));
      },
    );
  };
  const footer = (
    <>
      <button type="button" className="button" onClick={onClose}>
        {t("common.cancel")}
      </button>
      <button type="submit" className="button button--primary" data-testid="limits-save" disabled={saving || FIELDS.some(invalid)}>
        {t("limits.save")}
      </button>
    </>
  );
  return (
    <Dialog
      title={t("limits.title")}
      onClose={onClose}
      closeLabel={t("common.close")}
      testId="listing-limits-dialog"
      footer={footer}
      onSubmit={save}
    >
      <p>{t("limits.intro")}</p>
      {FIELDS.map((cap) => (
        <Field key={cap} label={t(`limits.${cap}`)} errors={invalid(cap) ? [t("limits.invalid")] : []} testId={`limits-${cap}`}>
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode="numeric"
              value={texts[cap]}
              onChange={(event) => setTexts((current) => ({ ...current, [cap]: event.target.value }))}
            />
          )}
        </Field>
      ))}
      {failure && <LodeErrorBanner error={failure} />}
    </Dialog>
  );
}
