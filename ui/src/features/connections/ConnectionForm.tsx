// The add/edit connection dialog: the form's state, its problems shown per touched field, the
// discard prompt, Test connection, and Save (checked by the shell's rule book first).
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useT } from "../../i18n";
import { addConnection, checkConnection, toLodeError, updateConnection, type Connection, type LodeError } from "../../ipc";
import { Dialog } from "../../ui-kit/Dialog";
import { Field } from "../../ui-kit/Field";
import { LodeErrorBanner } from "../errors";
import { draftFromForm, emptyForm, formFromConnection, type ConnectionForm as FormState, type TransportKind } from "./draft";
import { problemMessage, type ProblemSpot } from "./problems";
import { RemoteFields } from "./RemoteFields";
import { SettingsFields } from "./SettingsFields";
import { StdioFields } from "./StdioFields";
import { TestResult, useConnectionTest } from "./TestConnection";
import { useDraftProblems } from "./useDraftProblems";
import "./form.css";

const KINDS: TransportKind[] = ["stdio", "http", "sse", "rest"];

interface ConnectionFormProps {
  /** The connection to edit; null adds a new one. */
  editing: Connection | null;
  onClose: () => void;
  onSaved: (connection: Connection) => void;
  /** Shown above the form when it is a tab of the Add server flow. */
  tabs?: ReactNode;
}

/**
 * Adds or edits a connection. Problems come from the shell's rule book as the person types and
 * show beside their field once it was touched (all of them after a Save attempt, and at once
 * when editing). Enter saves, Escape closes.
 */
export function ConnectionForm({ editing, onClose, onSaved, tabs }: ConnectionFormProps) {
  const { t } = useT();
  const formRef = useRef<HTMLDivElement>(null);
  const id = editing?.id ?? null;
  const [form, setForm] = useState<FormState>(() => (editing ? formFromConnection(editing) : emptyForm()));
  const [touched, setTouched] = useState<ReadonlySet<ProblemSpot>>(new Set());
  const [showAll, setShowAll] = useState(editing !== null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<LodeError | null>(null);
  const [focusProblem, setFocusProblem] = useState(false);
  // Closing a form with changes asks first: what was typed is not lost to a stray Escape.
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const requestClose = () => {
    if (touched.size === 0 || confirmingDiscard) onClose();
    else setConfirmingDiscard(true);
  };
  const placed = useDraftProblems(form, id);
  const test = useConnectionTest();

  const update = (patch: Partial<FormState>, spot: ProblemSpot) => {
    setConfirmingDiscard(false);
    setForm((current) => ({ ...current, ...patch }));
    setTouched((current) => (current.has(spot) ? current : new Set(current).add(spot)));
  };
  const errorsOf = (spot: ProblemSpot) =>
    showAll || touched.has(spot) ? (placed.get(spot) ?? []).map((p) => problemMessage(p, t)) : [];

  // After a refused Save, take the person to the first field that says what is wrong.
  useEffect(() => {
    if (!focusProblem) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) {
      invalid.focus();
      setFocusProblem(false);
    }
  }, [focusProblem, placed]);

  const submit = async () => {
    if (saving) return;
    setShowAll(true);
    setSaving(true);
    setError(null);
    try {
      const problems = await checkConnection(draftFromForm(form, true).draft, id);
      if (problems.length > 0) {
        setFocusProblem(true);
        return;
      }
      const { draft } = draftFromForm(form);
      onSaved(editing ? await updateConnection(editing.id, draft) : await addConnection(draft));
    } catch (failure: unknown) {
      const lodeError = toLodeError(failure);
      // A "no" in Lode's own confirmation dialog leaves the form as it was, without an error.
      if (lodeError.code !== "declined") setError(lodeError);
    } finally {
      setSaving(false);
    }
  };

  const setKind = (kind: TransportKind) =>
    update({ kind, auth: kind !== "http" && form.auth === "oauth" ? "none" : form.auth }, "kind");

  const footer = (
    <>
      <div className="dialog__footer-start">
        <button
          type="button"
          className="button"
          data-testid="connection-test"
          disabled={test.state.status === "testing"}
          onClick={() => test.run(draftFromForm(form).draft, id)}
        >
          {t("form.test")}
        </button>
      </div>
      <button type="button" className="button" data-testid="connection-cancel" onClick={requestClose}>
        {t("common.cancel")}
      </button>
      <button type="submit" className="button button--primary" data-testid="connection-save" disabled={saving}>
        {editing ? t("form.save") : t("form.add")}
      </button>
    </>
  );

  const section = { form, update, errorsOf };
  return (
    <Dialog
      title={editing ? t("form.editTitle", { name: editing.name }) : tabs ? t("install.title") : t("form.addTitle")}
      onClose={requestClose}
      footer={footer}
      closeLabel={t("common.close")}
      testId="connection-form"
      onSubmit={() => void submit()}
    >
      {tabs}
      <div ref={formRef} className="form">
        {confirmingDiscard && (
          <div className="form__discard" role="alert" data-testid="connection-discard-prompt">
            <span>{t("form.discard.prompt")}</span>
            <button type="button" className="button button--small button--danger" data-testid="connection-discard" onClick={onClose}>
              {t("form.discard")}
            </button>
            <button type="button" className="button button--small" data-testid="connection-keep-editing" onClick={() => setConfirmingDiscard(false)}>
              {t("form.discard.keep")}
            </button>
          </div>
        )}
        {error && <LodeErrorBanner error={error} />}
        <div className="form__pair form__pair--name">
          <Field label={t("form.name")} errors={errorsOf("name")}>
            {(control) => (
              <input
                {...control}
                className="input"
                data-autofocus
                data-testid="connection-name"
                value={form.name}
                onChange={(event) => update({ name: event.target.value }, "name")}
              />
            )}
          </Field>
          <Field label={t("form.transport")}>
            {(control) => (
              <select
                {...control}
                className="select"
                data-testid="connection-transport"
                value={form.kind}
                onChange={(event) => setKind(event.target.value as TransportKind)}
              >
                {KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`form.transport.${kind}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        {form.kind === "stdio" ? <StdioFields {...section} /> : <RemoteFields {...section} />}
        <SettingsFields {...section} />
        {test.state.status !== "idle" && <TestResult state={test.state} />}
      </div>
    </Dialog>
  );
}
