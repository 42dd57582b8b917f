// One server in the import preview: tick it, see everything it would run (a program) and its
// clash with a saved one, rename it, and answer the secrets the file only asks for.
import { useId } from "react";
import { useT, type Translate } from "../../i18n";
import type { CommandView, Duplicate, ImportCandidate } from "../../ipc";
import { FieldErrors } from "../../ui-kit/Field";
import { ImportCommand } from "./ImportCommand";
import { exposedText } from "./importExposed";
import { placeKey, placeName, type CandidateChoice, type ChoiceProblem } from "./importChoices";
import { transportTarget } from "./transport";

interface ImportCandidateRowProps {
  candidate: ImportCandidate;
  choice: CandidateChoice;
  problems: readonly ChoiceProblem[];
  onChange: (choice: CandidateChoice) => void;
}

function duplicateText(duplicate: Duplicate, t: Translate): string {
  if (duplicate.kind === "sameServer") return t("import.duplicate.sameServer", { name: duplicate.existing });
  return duplicate.sameTransport
    ? t("import.duplicate.sameNameTransport", { name: duplicate.existing })
    : t("import.duplicate.sameName", { name: duplicate.existing });
}

/** Something in the program is hidden, or changes what code runs: worth a warning above it. */
function needsAttention(command: CommandView): boolean {
  return (
    command.command.hidden ||
    (command.cwd?.hidden ?? false) ||
    command.args.some((a) => a.text.hidden) ||
    command.env.some((v) => v.loadsCode || v.name.hidden || v.value.hidden)
  );
}

/** One server the file offers: tick it, rename it, answer the secrets the file only asks for. */
export function ImportCandidateRow({ candidate, choice, problems, onChange }: ImportCandidateRowProps) {
  const { t } = useT();
  const id = useId();
  const { index, duplicate } = candidate;
  const kept = candidate.secrets.filter((s) => s.ask === undefined).map((s) => placeName(s.place));
  const asked = candidate.secrets.filter((s) => s.ask !== undefined);
  const needsName = duplicate?.kind === "sameName";
  const nameErrors = problems.filter((p) => p !== "answerRequired").map((p) => t(`import.problem.${p}`));
  const command = candidate.command;
  const attention = command !== undefined && needsAttention(command);
  return (
    <li
      className="candidate"
      data-testid="import-candidate"
      data-index={index}
      data-chosen={choice.chosen}
      data-duplicate={duplicate?.kind}
      data-starts={candidate.startsOnImport}
    >
      <div className="candidate__head">
        <input
          id={`${id}-check`}
          type="checkbox"
          data-testid={`import-candidate-check-${index}`}
          checked={choice.chosen}
          onChange={(event) => onChange({ ...choice, chosen: event.target.checked })}
        />
        <label htmlFor={`${id}-check`} className="candidate__name">
          {candidate.name}
        </label>
        <span className="connection-item__kind">{t(`connections.transport.${candidate.transport.kind}`)}</span>
      </div>
      <div className="candidate__body">
        <p className="candidate__target" title={transportTarget(candidate.transport)}>
          {transportTarget(candidate.transport)}
        </p>
        {attention && (
          <p className="candidate__attention" role="alert" data-testid="import-attention">
            {t("import.attention")}
          </p>
        )}
        {command && <ImportCommand command={command} />}
        {command && !candidate.startsOnImport && (
          <p className="candidate__not-started" data-testid="import-not-started">
            {t("import.notStarted")}
          </p>
        )}
        {candidate.exposed.map((exposed) => (
          <p key={JSON.stringify(exposed)} className="candidate__exposed" data-testid="import-exposed">
            {exposedText(exposed, t)}
          </p>
        ))}
        {duplicate && (
          <p className="candidate__duplicate" data-testid="import-duplicate">
            {duplicateText(duplicate, t)}
          </p>
        )}
        {choice.chosen && (needsName || nameErrors.length > 0) && (
          <div className="candidate__field">
            <label htmlFor={`${id}-name`} className="field__label">
              {t("import.rename")}
            </label>
            <input
              id={`${id}-name`}
              className="input"
              data-testid={`import-rename-${index}`}
              aria-invalid={nameErrors.length > 0 || undefined}
              aria-describedby={nameErrors.length > 0 ? `${id}-name-error` : undefined}
              value={choice.name}
              onChange={(event) => onChange({ ...choice, name: event.target.value })}
            />
            {nameErrors.length > 0 && <FieldErrors id={`${id}-name-error`} errors={nameErrors} />}
          </div>
        )}
        {kept.length > 0 && (
          <p className="candidate__secrets" data-testid="import-secrets">
            {t("import.secrets", { names: kept.join(", ") })}
          </p>
        )}
        {choice.chosen &&
          asked.map((secret, j) => {
            const key = placeKey(secret.place);
            const missing = !choice.answers[key];
            return (
              <div key={key} className="candidate__field">
                <label htmlFor={`${id}-ask-${j}`} className="field__label">
                  {t("import.ask", { name: placeName(secret.place), prompt: secret.ask ?? "" })}
                </label>
                <input
                  id={`${id}-ask-${j}`}
                  className="input input--mono"
                  type="password"
                  autoComplete="new-password"
                  data-testid={`import-answer-${index}-${j}`}
                  aria-invalid={missing || undefined}
                  value={choice.answers[key] ?? ""}
                  onChange={(event) => onChange({ ...choice, answers: { ...choice.answers, [key]: event.target.value } })}
                />
              </div>
            );
          })}
        {candidate.notes.length > 0 && (
          <ul className="candidate__notes">
            {candidate.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}
