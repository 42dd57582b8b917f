// One server whole: what it is (icon, title, name, description, repository, website, status),
// its versions (registry servers), and each way to run it — the ones Lode cannot run shown with
// why, not offered. The chosen way's form follows below.
import { useState } from "react";
import { useT } from "../../i18n";
import {
  installForm,
  registryEntry,
  toLodeError,
  type Connection,
  type EntryDetails,
  type InstallChoice,
  type InstallFormView,
  type InstallTarget,
  type LodeError,
  type RegistryEntry,
} from "../../ipc";
import { RevealedText } from "../../ui-kit/RevealedText";
import { SafeText } from "../../ui-kit/SafeText";
import { Spinner } from "../../ui-kit/Spinner";
import { useAsync } from "../../ui-kit/useAsync";
import { LodeErrorBanner } from "../errors";
import { InstallFormStep } from "./InstallFormStep";
import { McpbStep } from "./McpbStep";
import { EntryIcon } from "./RegistryRow";

interface EntryStepProps {
  target: InstallTarget;
  onBack: () => void;
  /** What Back says: the results, or the tab the entry came from. */
  backLabel: string;
  onInstalled: (connection: Connection) => void;
}

const sameChoice = (a: InstallChoice | null, b: InstallChoice) => a !== null && a.kind === b.kind && a.index === b.index;

export function EntryStep({ target, onBack, backLabel, onInstalled }: EntryStepProps) {
  const { t } = useT();
  const [version, setVersion] = useState<string | undefined>(target.kind === "registry" ? target.version : undefined);
  const [choice, setChoice] = useState<InstallChoice | null>(null);
  const chosen: InstallTarget = target.kind === "registry" ? { ...target, version } : target;
  const key = JSON.stringify([chosen, choice]);
  const details = useAsync<EntryDetails | null, LodeError>(
    `entry-${JSON.stringify(chosen)}`,
    () => (chosen.kind === "registry" ? registryEntry(chosen.registry ?? null, chosen.name, chosen.version ?? null) : Promise.resolve(null)),
    toLodeError,
  );
  const view = useAsync<InstallFormView, LodeError>(`install-form-${key}`, () => installForm(chosen, choice), toLodeError);
  const shown: InstallFormView | null = view.state.status === "success" ? view.state.data : null;
  const listed: EntryDetails | null = details.state.status === "success" ? details.state.data : null;
  const entry: RegistryEntry | null = shown?.entry ?? listed?.entry ?? null;
  const current = shown?.form.choice ?? choice;

  return (
    <div className="entry-step" data-testid="entry-step">
      <button type="button" className="button button--small" data-testid="entry-back" onClick={onBack}>
        ← {backLabel}
      </button>
      {details.state.status === "error" && <LodeErrorBanner error={details.state.error} />}
      {entry === null && (view.state.status === "loading" || details.state.status === "loading") && <Spinner label={t("install.registry.loading")} />}
      {entry !== null && (
        <>
          <div className="entry-step__head">
            <EntryIcon entry={entry} />
            <div>
              <h3 className="entry-step__title" data-testid="entry-title">
                <RevealedText text={entry.title ?? entry.name} />
              </h3>
              <code className="entry-step__name">
                <RevealedText text={entry.name} />
              </code>
            </div>
          </div>
          {entry.status.state === "deprecated" && (
            <p className="entry-step__deprecated" role="note" data-testid="entry-deprecated">
              {entry.status.message ? t("install.entry.deprecatedBy", { message: entry.status.message }) : t("install.entry.deprecated")}
            </p>
          )}
          {entry.description && <SafeText as="p" text={entry.description} limit={400} className="entry-step__description" />}
          <dl className="entry-step__facts">
            <dt>{t("install.entry.version")}</dt>
            <dd>
              {listed && listed.versions.length > 1 ? (
                <select
                  data-testid="entry-version"
                  value={entry.version}
                  onChange={(event) => {
                    setVersion(event.target.value);
                    setChoice(null);
                  }}
                >
                  {listed.versions.map((v) => (
                    <option key={v.version} value={v.version}>
                      {v.isLatest ? t("install.entry.latest", { version: v.version }) : v.version}
                      {v.status.state === "deprecated" ? ` — ${t("install.entry.deprecated")}` : ""}
                    </option>
                  ))}
                </select>
              ) : (
                <RevealedText text={entry.version} />
              )}
              {listed?.versionsProblem && <span className="entry-step__note">{t("install.entry.versionsProblem", { problem: listed.versionsProblem })}</span>}
            </dd>
            {entry.repository && (
              <>
                <dt>{t("install.entry.repository")}</dt>
                <dd>
                  <RevealedText text={entry.repository.url} />
                </dd>
              </>
            )}
            {entry.websiteUrl && (
              <>
                <dt>{t("install.entry.website")}</dt>
                <dd>
                  <RevealedText text={entry.websiteUrl} />
                </dd>
              </>
            )}
          </dl>
          <fieldset className="entry-step__ways">
            <legend>{t("install.entry.ways")}</legend>
            {entry.packages.map((packaged, index) => {
              const way: InstallChoice = { kind: "package", index };
              const runnable = packaged.launch.kind !== "notRunnable";
              return (
                <label key={`p${index}`} className="entry-step__way" data-testid="entry-way">
                  <input type="radio" name="way" disabled={!runnable} checked={sameChoice(current, way)} onChange={() => setChoice(way)} />
                  <span>
                    {t("install.runs.stdio", { runner: packaged.registryType, identifier: `${packaged.identifier}${packaged.version ? `@${packaged.version}` : ""}` })}
                    {packaged.launch.kind === "notRunnable" && <span className="entry-step__note">{t("install.entry.notRunnable", { reason: packaged.launch.reason })}</span>}
                  </span>
                </label>
              );
            })}
            {entry.remotes.map((remote, index) => {
              const way: InstallChoice = { kind: "remote", index };
              const runnable = remote.launch.kind !== "notRunnable";
              return (
                <label key={`r${index}`} className="entry-step__way" data-testid="entry-way">
                  <input type="radio" name="way" disabled={!runnable} checked={sameChoice(current, way)} onChange={() => setChoice(way)} />
                  <span>
                    {t("install.runs.remote", { transport: remote.transport, url: remote.url })}
                    {remote.launch.kind === "notRunnable" && <span className="entry-step__note">{t("install.entry.notRunnable", { reason: remote.launch.reason })}</span>}
                  </span>
                </label>
              );
            })}
          </fieldset>
          {entry.notes.length > 0 && (
            <details className="entry-step__notes">
              <summary>{t("install.entry.notes")}</summary>
              <ul>
                {entry.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
      {view.state.status === "error" && <LodeErrorBanner error={view.state.error} />}
      {shown?.form.launch.kind === "mcpb" && shown.form.choice.kind === "package" && (
        <McpbStep key={key} target={{ kind: "entry", target: chosen, index: shown.form.choice.index }} onInstalled={onInstalled} />
      )}
      {shown && shown.form.launch.kind !== "mcpb" && <InstallFormStep key={key} target={chosen} view={shown} onInstalled={onInstalled} />}
    </div>
  );
}
