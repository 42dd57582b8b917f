// One hub profile's settings: paused, the exposed connections (checkboxes over the saved ones),
// the audience filter and the default budget (saved together: one native question lists every
// connection newly exposed), the command line for the assistant, the token's revocation.
import { useId, useState } from "react";
import { useT } from "../../i18n";
import {
  revokeHubProfileToken,
  saveHubProfile,
  setHubProfilePaused,
  toLodeError,
  type AudienceFilter,
  type Connection,
  type ConnectionId,
  type HubProfile,
  type LodeError,
} from "../../ipc";
import { HighlightedText } from "../../ui-kit/HighlightedText";
import { copyText } from "../basket";
import { LodeErrorBanner } from "../errors";

const AUDIENCES: readonly AudienceFilter[] = ["user", "assistant", "both", "unspecified"];

/** A budget as typed: null when empty, undefined when it is not a positive whole number. */
export function parseBudget(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (!/^\d{1,15}$/.test(trimmed)) return undefined;
  const budget = Number(trimmed);
  return budget > 0 ? budget : undefined;
}

/** The profile's name as one shell word: quoted when it holds anything but plain characters. */
export function serveCommand(name: string): string {
  const word = /^[A-Za-z0-9._-]+$/.test(name) ? name : `'${name.replaceAll("'", `'\\''`)}'`;
  return `lode serve --profile ${word}`;
}

const sameIds = (a: readonly ConnectionId[], b: readonly ConnectionId[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

interface ProfileEditorProps {
  profile: HubProfile;
  connections: readonly Connection[];
  onSaved: (profile: HubProfile) => void;
}

export function ProfileEditor({ profile, connections, onSaved }: ProfileEditorProps) {
  const { t } = useT();
  const [exposed, setExposed] = useState<ConnectionId[]>(profile.connections);
  const [audience, setAudience] = useState<AudienceFilter | null>(profile.audience);
  const [budgetText, setBudgetText] = useState(profile.defaultBudget === null ? "" : String(profile.defaultBudget));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<LodeError | null>(null);
  const [note, setNote] = useState<"saved" | "declined" | "revoked" | "copied" | null>(null);
  const budgetId = useId();
  const audienceId = useId();
  const connectionsId = useId();
  const budget = parseBudget(budgetText);
  const changed =
    !sameIds(exposed, profile.connections) || audience !== profile.audience || budget !== profile.defaultBudget;
  const command = serveCommand(profile.name);

  const run = (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    setNote(null);
    work()
      .catch((reason: unknown) => {
        const lodeError = toLodeError(reason);
        // A "no" in Lode's own dialog is the person's answer, not a failure.
        if (lodeError.code === "declined") setNote("declined");
        else setError(lodeError);
      })
      .finally(() => setBusy(false));
  };

  const save = () => {
    if (!changed || budget === undefined) return;
    run(async () => {
      const saved = await saveHubProfile({ ...profile, connections: exposed, audience, defaultBudget: budget });
      onSaved(saved);
      setNote("saved");
    });
  };
  const togglePaused = () =>
    run(async () => {
      onSaved(await setHubProfilePaused(profile.name, !profile.paused));
    });
  const revoke = () =>
    run(async () => {
      await revokeHubProfileToken(profile.name);
      setNote("revoked");
    });
  const copy = () => {
    copyText(command).then(
      () => setNote("copied"),
      (reason: unknown) => setError(toLodeError(reason)),
    );
  };
  const toggle = (id: ConnectionId) =>
    setExposed((now) => (now.includes(id) ? now.filter((other) => other !== id) : [...now, id]));

  return (
    <div className="hub-profile" data-testid="hub-profile">
      <div className="hub-profile__row">
        <button
          type="button"
          role="switch"
          aria-checked={profile.paused}
          className={`switch${profile.paused ? " switch--on" : ""}`}
          data-testid="hub-paused"
          title={t("hub.pausedHint")}
          disabled={busy}
          onClick={togglePaused}
        >
          <span className="switch__track" aria-hidden="true">
            <span className="switch__thumb" />
          </span>
          <span>{t("hub.paused")}</span>
        </button>
      </div>

      <fieldset className="hub-section hub-connections" aria-describedby={connectionsId}>
        <legend className="hub-section__title">{t("hub.connections")}</legend>
        <p id={connectionsId} className="hub__hint">
          {t("hub.connections.hint")}
        </p>
        {connections.length === 0 && <p className="hub__hint">{t("hub.connections.none")}</p>}
        {connections.map((connection) => (
          <label key={connection.id} className="hub-connections__item">
            <input
              type="checkbox"
              data-testid={`hub-expose-${connection.id}`}
              checked={exposed.includes(connection.id)}
              onChange={() => toggle(connection.id)}
            />
            <HighlightedText text={connection.name} />
          </label>
        ))}
      </fieldset>

      <div className="hub-profile__row">
        <label htmlFor={audienceId}>{t("hub.audience")}</label>
        <select
          id={audienceId}
          className="filter__select"
          data-testid="hub-audience"
          value={audience ?? ""}
          onChange={(event) => setAudience(event.target.value === "" ? null : (event.target.value as AudienceFilter))}
        >
          <option value="">{t("hub.audience.any")}</option>
          {AUDIENCES.map((value) => (
            <option key={value} value={value}>
              {t(`hub.audience.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="hub-profile__row">
        <label htmlFor={budgetId}>{t("hub.budget")}</label>
        <input
          id={budgetId}
          className="input hub-profile__budget"
          inputMode="numeric"
          autoComplete="off"
          data-testid="hub-budget"
          aria-invalid={budget === undefined || undefined}
          aria-describedby={`${budgetId}-hint`}
          value={budgetText}
          onChange={(event) => setBudgetText(event.target.value)}
        />
      </div>
      <p id={`${budgetId}-hint`} className="hub__hint">
        {budget === undefined ? t("hub.budgetInvalid") : t("hub.budgetHint")}
      </p>
      <div className="hub-profile__row">
        <button
          type="button"
          className="button button--primary"
          data-testid="hub-save"
          disabled={busy || !changed || budget === undefined}
          onClick={save}
        >
          {t("hub.save")}
        </button>
      </div>

      <div className="hub-section">
        <h3 className="hub-section__title">{t("hub.command")}</h3>
        <div className="hub-profile__row">
          <code className="hub-profile__command" data-testid="hub-command">
            {command}
          </code>
          <button type="button" className="button button--small" data-testid="hub-copy" onClick={copy}>
            {t("hub.copy")}
          </button>
        </div>
        <div className="hub-profile__row">
          <button
            type="button"
            className="button"
            data-testid="hub-revoke"
            title={t("hub.revokeHint")}
            disabled={busy}
            onClick={revoke}
          >
            {t("hub.revoke")}
          </button>
        </div>
      </div>

      {note && (
        <p role="status" className="hub__note" data-testid="hub-note">
          {note === "revoked" ? t("hub.revoked", { name: profile.name }) : t(`hub.${note}`)}
        </p>
      )}
      {error && <LodeErrorBanner error={error} />}
    </div>
  );
}
