// The Add server flow: one dialog with three tabs — a registry's search, a server.json pasted
// or opened, and today's connection form by hand. Choosing a server leads to its details, then
// to the install form; installing ends the flow with the new connection selected.
import { useState, type ReactNode } from "react";
import { useT } from "../../i18n";
import type { Connection, InstallTarget } from "../../ipc";
import { Dialog } from "../../ui-kit/Dialog";
import { AddServerTabs, type AddServerTab } from "./AddServerTabs";
import { EntryStep } from "./EntryStep";
import { RegistryTab } from "./RegistryTab";
import { ServerJsonTab } from "./ServerJsonTab";
import "./install.css";

interface AddServerDialogProps {
  /** A server to show at once (a `lode://install` link Lode was opened with). */
  initialTarget?: InstallTarget;
  onClose: () => void;
  onInstalled: (connection: Connection) => void;
  /** The manual tab: the connection form, with these tabs above it (the connections feature
   * owns the form; this flow only switches to it). */
  manual: (tabs: ReactNode) => ReactNode;
}

export function AddServerDialog({ initialTarget, onClose, onInstalled, manual }: AddServerDialogProps) {
  const { t } = useT();
  const [tab, setTab] = useState<AddServerTab>(initialTarget?.kind === "serverJson" ? "serverJson" : "registry");
  // The server chosen (from the registry's results, a server.json or a link), shown whole.
  const [chosen, setChosen] = useState<InstallTarget | null>(initialTarget ?? null);
  const tabs = (
    <AddServerTabs
      current={tab}
      onPick={(next) => {
        setTab(next);
        setChosen(null);
      }}
    />
  );
  if (tab === "manual") return manual(tabs);
  return (
    <Dialog title={t("install.title")} onClose={onClose} size="large" closeLabel={t("common.close")} testId="add-server">
      {tabs}
      <div role="tabpanel" className="add-server__panel">
        {chosen !== null ? (
          <EntryStep target={chosen} onBack={() => setChosen(null)} onInstalled={onInstalled} />
        ) : tab === "registry" ? (
          <RegistryTab onChoose={setChosen} />
        ) : (
          <ServerJsonTab onChoose={setChosen} />
        )}
      </div>
    </Dialog>
  );
}
