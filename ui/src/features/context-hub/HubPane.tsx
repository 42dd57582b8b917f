// The Hub pane: the context hub's profiles (what each assistant may see through
// `lode serve --profile NAME`), one at a time: its settings, its token, and what assistants did
// through it, live. Nothing is exposed until the person makes a profile and picks connections.
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useT } from "../../i18n";
import {
  hubProfiles,
  listConnections,
  removeHubProfile,
  saveHubProfile,
  toLodeError,
  type Connection,
  type HubProfile,
  type LodeError,
} from "../../ipc";
import { EmptyState } from "../../ui-kit/EmptyState";
import { Pane } from "../../ui-kit/Pane";
import { Spinner } from "../../ui-kit/Spinner";
import { LodeErrorBanner } from "../errors";
import { ActivityList } from "./ActivityList";
import { CreateProfileDialog, RemoveProfileDialog } from "./HubDialogs";
import { ProfileEditor } from "./ProfileEditor";
import "./hub.css";

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

interface HubPaneProps {
  /**
   * SLOT for the assistants feature (`ui/src/features/assistants/`): the assistants connected to
   * the chosen profile. Shown under the profile's settings when given; nothing stands in for it.
   */
  assistants?: (profile: HubProfile) => ReactNode;
}

export function HubPane({ assistants }: HubPaneProps) {
  const { t } = useT();
  const [profiles, setProfiles] = useState<HubProfile[] | null>(null);
  const [connections, setConnections] = useState<Connection[]>([]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<LodeError | null>(null);
  const [dialog, setDialog] = useState<"create" | "remove" | null>(null);

  const load = useCallback(() => {
    Promise.all([hubProfiles(), listConnections()]).then(
      ([listed, saved]) => {
        setError(null);
        setProfiles(listed);
        setConnections(saved);
      },
      (reason: unknown) => setError(toLodeError(reason)),
    );
  }, []);
  useEffect(load, [load]);

  const current = profiles?.find((p) => chosen !== null && sameName(p.name, chosen)) ?? profiles?.[0] ?? null;
  const replace = (saved: HubProfile) =>
    setProfiles((now) => (now ?? []).map((p) => (sameName(p.name, saved.name) ? saved : p)));

  const create = async (name: string) => {
    // A new profile exposes nothing: the person picks its connections next.
    const made = await saveHubProfile({ name, connections: [], audience: null, defaultBudget: null, paused: false });
    setProfiles((now) => [...(now ?? []).filter((p) => !sameName(p.name, made.name)), made]);
    setChosen(made.name);
  };
  const remove = async (name: string) => {
    try {
      await removeHubProfile(name);
      setProfiles((now) => (now ?? []).filter((p) => !sameName(p.name, name)));
      setChosen(null);
    } catch (reason: unknown) {
      setError(toLodeError(reason));
    }
  };

  const aside = (
    <div className="hub-aside">
      {profiles !== null && profiles.length > 0 && current && (
        <label className="hub-picker">
          <span className="visually-hidden">{t("hub.picker")}</span>
          <select
            className="filter__select"
            data-testid="hub-picker"
            value={current.name}
            onChange={(event) => setChosen(event.target.value)}
          >
            {profiles.map((p) => (
              <option key={p.name} value={p.name}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <button type="button" className="button button--small" data-testid="hub-new" onClick={() => setDialog("create")}>
        {t("hub.new")}
      </button>
      {current && (
        <button
          type="button"
          className="button button--small button--ghost"
          data-testid="hub-remove"
          onClick={() => setDialog("remove")}
        >
          {t("hub.remove")}
        </button>
      )}
    </div>
  );

  let body;
  if (profiles === null) body = error ? <LodeErrorBanner error={error} onRetry={load} /> : <Spinner label={t("hub.loading")} />;
  else if (current === null) body = <EmptyState>{t("hub.none")}</EmptyState>;
  else
    body = (
      <>
        {error && <LodeErrorBanner error={error} />}
        <ProfileEditor key={current.name} profile={current} connections={connections} onSaved={replace} />
        {assistants && (
          <section className="hub-section" data-testid="hub-assistants">
            <h3 className="hub-section__title">{t("hub.assistants")}</h3>
            {assistants(current)}
          </section>
        )}
        <ActivityList key={`activity-${current.name}`} profile={current.name} />
      </>
    );

  return (
    <Pane title={t("hub.title")} aside={aside} className="pane--hub" testId="hub-pane">
      <div className="hub">
        <p className="hub__intro">{t("hub.intro")}</p>
        {body}
      </div>
      {dialog === "create" && <CreateProfileDialog onClose={() => setDialog(null)} onCreate={create} />}
      {dialog === "remove" && current && (
        <RemoveProfileDialog name={current.name} onClose={() => setDialog(null)} onConfirm={() => remove(current.name)} />
      )}
    </Pane>
  );
}
