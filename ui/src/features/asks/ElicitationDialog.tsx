// An elicitation: the server's message and either a form built from its schema (defaults
// pre-filled, so Accept at once sends them) or a page to visit (its full address shown, opened
// by Rust only when the person asks or accepts, then says yes in Lode's own dialog showing the
// address; only http(s), only while the ask waits, and once). Accept, Decline and Cancel
// are the protocol's three answers; Escape and the close button cancel.
import { useState } from "react";
import { openAskUrl, type ElicitationAnswer, type ElicitationRequest, type FieldError, type LodeError, type PendingAsk } from "../../ipc";
import { useT } from "../../i18n";
import { AskFrame, useAskAnswer } from "./AskFrame";
import { ElicitationFields } from "./ElicitationFields";
import { RevealedText } from "../../ui-kit/RevealedText";
import { fieldErrors, initialValues, toContent, type FormValues } from "./form";

interface ElicitationDialogProps {
  ask: PendingAsk;
  request: ElicitationRequest;
  /** "Request 1 of 3" when more wait. */
  place: string | null;
  /** "N more requests refused", when the server asked more than may wait. */
  refused?: string | null;
  onDone: () => void;
}

export function ElicitationDialog({ ask, request, place, refused = null, onDone }: ElicitationDialogProps) {
  const { t } = useT();
  const mode = request.mode;
  const [values, setValues] = useState<FormValues>(() => (mode.mode === "form" ? initialValues(mode.form) : {}));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [opened, setOpened] = useState(false);
  const answering = useAskAnswer(ask, onDone, (error) => {
    const problems = fieldErrors(error);
    if (problems) setErrors(problems);
    return problems !== null;
  });
  const { busy, problem: failure, setProblem: setFailure } = answering;
  const send = (answer: ElicitationAnswer) => answering.send({ kind: "elicitation", answer });
  const cancel = () => void send({ action: "cancel" });

  /** Opens the page (Rust opens only http(s)); false, with the reason shown, when it could not. */
  const open = async () => {
    try {
      await openAskUrl(ask.id);
      setOpened(true);
      return true;
    } catch (raw: unknown) {
      setFailure((raw as LodeError).message);
      return false;
    }
  };
  // Accepting a page to visit is agreeing to go there: a web address not opened yet opens first.
  const accept = async () => {
    if (mode.mode === "form") return send({ action: "accept", content: toContent(mode.form, values) });
    if (mode.opens && !opened && !(await open())) return;
    return send({ action: "accept", content: {} });
  };

  const title = mode.mode === "url" ? t("asks.url.title", { server: ask.server }) : t("asks.elicitation.title", { server: ask.server });
  return (
    <AskFrame
      title={title}
      closeLabel={t("asks.cancel")}
      onClose={cancel}
      onSubmit={() => void accept()}
      testId="ask-elicitation"
      place={place}
      refused={refused}
      problem={failure}
      footer={
        <>
          <button type="button" className="button button--ghost ask__footer-start" data-testid="ask-cancel" disabled={busy} onClick={cancel}>
            {t("asks.cancel")}
          </button>
          <button type="button" className="button" data-testid="ask-decline" disabled={busy} onClick={() => void send({ action: "decline" })}>
            {t("asks.decline")}
          </button>
          <button type="submit" className="button button--primary" data-testid="ask-accept" disabled={busy}>
            {t("asks.accept")}
          </button>
        </>
      }
    >
      <p className="ask__message" data-testid="ask-message">
        {request.message}
      </p>
      {mode.mode === "url" ? (
        <div className="ask__section">
          <h3>{t("asks.url.address")}</h3>
          <code className="ask__url" data-testid="ask-url">
            {/* Rust keeps the address as it will open and refuses one with invisible characters;
                revealed here all the same, by the rule every server string is shown by. */}
            <bdi>
              <RevealedText text={mode.url} />
            </bdi>
          </code>
          {mode.opens ? (
            <>
              <p className="field__hint">{opened ? t("asks.url.opened") : t("asks.url.hint")}</p>
              {!opened && <p className="field__hint">{t("asks.url.acceptOpens")}</p>}
              {/* Lode opens a page once per ask, after its own question: no second open. */}
              <button type="button" className="button" data-testid="ask-open-url" disabled={busy || opened} onClick={() => void open()}>
                {t("asks.url.open")}
              </button>
            </>
          ) : (
            <p className="ask__note">{t("asks.url.notWeb")}</p>
          )}
        </div>
      ) : (
        <>
          {mode.form.title && <h3>{mode.form.title}</h3>}
          {mode.form.fields.length === 0 ? (
            <p>{t("asks.noFields")}</p>
          ) : (
            <ElicitationFields fields={mode.form.fields} values={values} errors={errors} onChange={setValues} />
          )}
          {errors.length > 0 && (
            <p className="field__error" role="alert">
              {t("asks.problems", { count: new Set(errors.map((e) => e.field)).size })}
            </p>
          )}
        </>
      )}
    </AskFrame>
  );
}
