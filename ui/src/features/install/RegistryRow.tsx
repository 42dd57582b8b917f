// One server of a registry's results: its icon, title (or name), version, how it runs, its
// status, and its description on the second line. Everything is the registry's: revealed.
import { useT } from "../../i18n";
import type { RegistryEntry } from "../../ipc";
import { Badge } from "../../ui-kit/Badge";
import { RevealedText } from "../../ui-kit/RevealedText";
import { useIconState } from "../icons";
import { runsAs } from "./runsAs";

export function EntryIcon({ entry }: { entry: RegistryEntry }) {
  const icon = useIconState(entry.icons[0]?.src ?? null);
  if (icon.status === "shown") return <img className="registry-row__icon" src={icon.src} alt="" />;
  const initial = (entry.title ?? entry.name.split("/").at(-1) ?? "?").trim().charAt(0).toUpperCase();
  return (
    <span className="registry-row__icon registry-row__icon--initial" aria-hidden="true">
      {initial}
    </span>
  );
}

export function RegistryRow({ entry }: { entry: RegistryEntry }) {
  const { t } = useT();
  const runs = runsAs(entry);
  return (
    <div className="registry-row" data-name={entry.name}>
      <EntryIcon entry={entry} />
      <div className="registry-row__text">
        <div className="registry-row__line">
          <strong className="registry-row__title">
            <RevealedText text={entry.title ?? entry.name} />
          </strong>
          <span className="registry-row__version">
            <RevealedText text={entry.version} />
          </span>
          {runs ? <Badge mono>{runs}</Badge> : <Badge tone="warning">{t("install.entry.notRunnableShort")}</Badge>}
          {entry.status.state === "deprecated" && (
            <Badge tone="warning" title={entry.status.message}>
              {t("install.entry.deprecated")}
            </Badge>
          )}
        </div>
        <div className="registry-row__description">
          <RevealedText text={entry.description ?? entry.name} />
        </div>
      </div>
    </div>
  );
}
