// The import wizard: its steps (source, preview, done), reading the file, importing the chosen
// servers all or nothing, and starting the imported programs (which wait for the person).
import { useCallback, useState } from "react";
import { useT } from "../../i18n";
import {
  applyImport,
  importLocations,
  previewImport,
  startConnections,
  toLodeError,
  type Connection,
  type ImportLocation,
  type ImportPreview,
  type LodeError,
} from "../../ipc";
import { Dialog } from "../../ui-kit/Dialog";
import { Spinner } from "../../ui-kit/Spinner";
import { useAsync } from "../../ui-kit/useAsync";
import { LodeErrorBanner } from "../errors";
import { choiceProblems, chosenNames, importChoices, initialChoice, type CandidateChoice } from "./importChoices";
import { ImportPreviewStep } from "./ImportPreviewStep";
import { ImportSourceStep, initialSource, sourceOf, type SourceChoice } from "./ImportSourceStep";
import "./import.css";

type Step =
  | { step: "source" }
  | { step: "preview"; preview: ImportPreview; choices: CandidateChoice[] }
  | { step: "done"; imported: Connection[]; started: boolean };

const NO_LOCATIONS: ImportLocation[] = [];

/** Import from another client's file: pick it, choose what to take, done. All or nothing. */
export function ImportWizard({ onClose, onImported }: { onClose: () => void; onImported: (imported: Connection[]) => void }) {
  const { t, format } = useT();
  const locations = useAsync<ImportLocation[], LodeError>("import-locations", importLocations, toLodeError);
  const found = locations.state.status === "success" ? locations.state.data : NO_LOCATIONS;
  const [picked, setPicked] = useState<SourceChoice | null>(null);
  const source = picked ?? initialSource(found);
  const [step, setStep] = useState<Step>({ step: "source" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<LodeError | null>(null);
  const onSourceChange = useCallback((next: SourceChoice) => setPicked(next), []);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure: unknown) {
      const lodeError = toLodeError(failure);
      // The person said no in Lode's own dialog: nothing to report.
      if (lodeError.code !== "declined") setError(lodeError);
    } finally {
      setBusy(false);
    }
  };

  const chosen = step.step === "preview" ? importChoices(step.preview.candidates, step.choices) : [];
  const blocked =
    step.step === "preview" &&
    step.preview.candidates.some((c, i) => {
      const choice = step.choices[i];
      return choice !== undefined && choiceProblems(c, choice, chosenNames(step.choices)).length > 0;
    });

  const submit = () => {
    if (busy) return;
    if (step.step === "source") {
      const from = sourceOf(source, found);
      if (!from) return;
      void run(async () => {
        const preview = await previewImport(from);
        setStep({ step: "preview", preview, choices: preview.candidates.map(initialChoice) });
      });
    } else if (step.step === "preview" && chosen.length > 0 && !blocked) {
      void run(async () => {
        const imported = await applyImport(step.preview.source, step.preview.digest, chosen);
        setStep({ step: "done", imported, started: false });
        onImported(imported);
      });
    }
  };

  const waiting = step.step === "done" && !step.started ? step.imported.filter((c) => !c.settings.enabled && c.transport.kind === "stdio") : [];
  const startAll = () => {
    if (step.step !== "done" || busy) return;
    void run(async () => {
      await startConnections(waiting.map((c) => c.id));
      setStep({ ...step, started: true });
      onImported(step.imported);
    });
  };

  const footer =
    step.step === "done" ? (
      <>
        {waiting.length > 0 && (
          <button type="button" className="button" data-testid="import-start-all" disabled={busy} onClick={startAll}>
            {t("import.startAll", { count: format.number(waiting.length) })}
          </button>
        )}
        <button type="button" className="button button--primary" data-testid="import-close" data-autofocus onClick={onClose}>
          {t("common.close")}
        </button>
      </>
    ) : (
      <>
        {busy && (
          <div className="dialog__footer-start">
            <Spinner size="small" label={t(step.step === "source" ? "import.reading" : "import.importing")} />
          </div>
        )}
        {step.step === "preview" ? (
          <button type="button" className="button" data-testid="import-back" onClick={() => setStep({ step: "source" })}>
            {t("import.back")}
          </button>
        ) : (
          <button type="button" className="button" onClick={onClose}>
            {t("common.cancel")}
          </button>
        )}
        {step.step === "source" ? (
          <button type="submit" className="button button--primary" data-testid="import-next" disabled={busy || sourceOf(source, found) === null}>
            {t("import.next")}
          </button>
        ) : (
          <button type="submit" className="button button--primary" data-testid="import-apply" disabled={busy || chosen.length === 0 || blocked}>
            {t("import.apply", { count: chosen.length })}
          </button>
        )}
      </>
    );

  return (
    <Dialog title={t("import.title")} onClose={onClose} footer={footer} size="large" closeLabel={t("common.close")} testId="import-wizard" onSubmit={submit}>
      <div className="form">
        <p className="import-steps" aria-label={t("import.stepLabel")}>
          {(["source", "preview", "done"] as const).map((name, i) => (
            <span key={name} className="import-steps__step" aria-current={step.step === name ? "step" : undefined}>
              {i + 1}. {t(`import.step.${name}`)}
            </span>
          ))}
        </p>
        {error && <LodeErrorBanner error={error} />}
        {step.step === "source" && locations.state.status === "loading" && <Spinner label={t("import.locating")} />}
        {step.step === "source" && locations.state.status === "error" && (
          <LodeErrorBanner error={locations.state.error} onRetry={locations.reload} />
        )}
        {step.step === "source" && locations.state.status === "success" && (
          <ImportSourceStep locations={found} choice={source} onChange={onSourceChange} />
        )}
        {step.step === "preview" && (
          <ImportPreviewStep
            preview={step.preview}
            choices={step.choices}
            onChange={(i, choice) => setStep({ ...step, choices: step.choices.map((c, j) => (j === i ? choice : c)) })}
          />
        )}
        {step.step === "done" && (
          <div className="import-done" data-testid="import-done" role="status">
            <p className="import-done__title">{t(step.imported.length === 1 ? "import.done.one" : "import.done.other", {
                count: format.number(step.imported.length),
              })}</p>
            <ul>
              {step.imported.map((c) => (
                <li key={c.id}>{c.name}</li>
              ))}
            </ul>
            {waiting.length > 0 && (
              <div data-testid="import-waiting">
                <p>{t("import.done.waiting")}</p>
                <ul>
                  {waiting.map((c) => (
                    <li key={c.id}>{c.name}</li>
                  ))}
                </ul>
              </div>
            )}
            {step.started && <p data-testid="import-started">{t("import.started")}</p>}
          </div>
        )}
      </div>
    </Dialog>
  );
}
