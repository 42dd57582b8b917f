// The import wizard's second step: every server the file offers, as candidate rows, and the
// entries it could not read.
import { useT } from "../../i18n";
import type { ImportPreview } from "../../ipc";
import { EmptyState } from "../../ui-kit/EmptyState";
import { ImportCandidateRow } from "./ImportCandidateRow";
import { choiceProblems, chosenNames, type CandidateChoice } from "./importChoices";

interface ImportPreviewStepProps {
  preview: ImportPreview;
  choices: readonly CandidateChoice[];
  onChange: (index: number, choice: CandidateChoice) => void;
}

/** Step 2: every server the file offers, repeats of saved ones marked, and entries it could not read. */
export function ImportPreviewStep({ preview, choices, onChange }: ImportPreviewStepProps) {
  const { t } = useT();
  const names = chosenNames(choices);
  return (
    <div className="import-preview">
      <p className="import-preview__source" title={preview.source.path}>
        {t("import.from", { path: preview.source.path })}
      </p>
      {preview.candidates.length === 0 && <EmptyState>{t("import.none")}</EmptyState>}
      <ul className="import-preview__list" aria-label={t("import.candidates")}>
        {preview.candidates.map((candidate, i) => {
          const choice = choices[i];
          if (!choice) return null;
          return (
            <ImportCandidateRow
              key={candidate.index}
              candidate={candidate}
              choice={choice}
              problems={choiceProblems(candidate, choice, names)}
              onChange={(next) => onChange(i, next)}
            />
          );
        })}
      </ul>
      {preview.problems.length > 0 && (
        <section className="import-preview__problems" data-testid="import-problems">
          <h3 className="rows__legend">{t("import.unreadable")}</h3>
          <ul>
            {preview.problems.map((problem) => (
              <li key={problem.name}>
                <span className="import-preview__problem-name">{problem.name}</span>: {problem.message}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
