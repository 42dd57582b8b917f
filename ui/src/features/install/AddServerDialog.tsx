// The Add server flow: one dialog with three tabs — a registry's search, a server.json or an
// .mcpb bundle pasted or opened, and today's connection form by hand. Choosing a server leads
// to its details, then to the install form; a bundle leads to what it is and its options;
// installing ends the flow with the new connection selected.
import { useState, type ReactNode } from "react";
import { useT } from "../../i18n";
import type { Connection, InstallTarget, LaunchInstall, McpbTarget, McpbView } from "../../ipc";
import { Dialog } from "../../ui-kit/Dialog";
import { AddServerTabs, type AddServerTab } from "./AddServerTabs";
import { EntryStep } from "./EntryStep";
import { McpbStep } from "./McpbStep";
import { RegistryTab } from "./RegistryTab";
import { ServerJsonTab } from "./ServerJsonTab";
import "./install.css";

interface AddServerDialogProps {
  /** What to show at once: a `lode://install` link or an .mcpb file Lode was opened with. */
  initial?: LaunchInstall;
  onClose: () => void;
  onInstalled: (connection: Connection) => void;
  /** The manual tab: the connection form, with these tabs above it (the connections feature
   * owns the form; this flow only switches to it). */
  manual: (tabs: ReactNode) => ReactNode;
}

/** What the flow shows past its tabs: a server's entry, or a bundle. */
type Chosen = { kind: "entry"; target: InstallTarget } | { kind: "mcpb"; target: McpbTarget; opened?: McpbView } | null;

function firstTab(initial: LaunchInstall | undefined): AddServerTab {
  if (initial === undefined) return "registry";
  return initial.kind === "mcpb" || initial.target.kind === "serverJson" ? "serverJson" : "registry";
}

export function AddServerDialog({ initial, onClose, onInstalled, manual }: AddServerDialogProps) {
  const { t } = useT();
  const [tab, setTab] = useState<AddServerTab>(firstTab(initial));
  const [chosen, setChosen] = useState<Chosen>(initial ?? null);
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
  const back = () => setChosen(null);
  // Back goes to the tab the entry or bundle was chosen from, and says so.
  const backLabel = tab === "registry" ? t("install.entry.back") : t("install.entry.backToTab", { tab: t("install.tab.serverJson") });
  return (
    <Dialog title={t("install.title")} onClose={onClose} size="large" closeLabel={t("common.close")} testId="add-server">
      {tabs}
      <div role="tabpanel" className="add-server__panel">
        {chosen?.kind === "entry" ? (
          <EntryStep target={chosen.target} onBack={back} backLabel={backLabel} onInstalled={onInstalled} />
        ) : chosen?.kind === "mcpb" ? (
          <div className="entry-step">
            <button type="button" className="button button--small" data-testid="entry-back" onClick={back}>
              ← {backLabel}
            </button>
            <McpbStep target={chosen.target} opened={chosen.opened} onInstalled={onInstalled} />
          </div>
        ) : tab === "registry" ? (
          <RegistryTab onChoose={(target) => setChosen({ kind: "entry", target })} />
        ) : (
          <ServerJsonTab onChoose={(target) => setChosen({ kind: "entry", target })} onOpenMcpb={(opened) => setChosen({ kind: "mcpb", target: opened.target, opened })} />
        )}
      </div>
    </Dialog>
  );
}
