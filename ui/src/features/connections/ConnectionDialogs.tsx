// Which dialog the connections pane has open (add — the Add server flow —, edit, delete, export,
// import), and showing that one.
import type { Connection, LaunchInstall } from "../../ipc";
import { AddServerDialog } from "../install";
import { ConnectionForm } from "./ConnectionForm";
import { DeleteConnection } from "./DeleteConnection";
import { ExportDialog } from "./ExportDialog";
import { ImportWizard } from "./ImportWizard";

/** The one dialog the connections pane may have open. */
export type OpenDialog =
  | { kind: "add"; launch?: LaunchInstall }
  | { kind: "import" }
  | { kind: "edit" | "delete"; connection: Connection }
  | { kind: "export"; connections: readonly Connection[] }
  | null;

interface ConnectionDialogsProps {
  open: OpenDialog;
  onClose: () => void;
  /** A connection was added, edited or imported: reload the list and select this one. */
  onChanged: (select?: Connection) => void;
  onDelete: (connection: Connection) => Promise<void>;
}

export function ConnectionDialogs({ open, onClose, onChanged, onDelete }: ConnectionDialogsProps) {
  if (open === null) return null;
  switch (open.kind) {
    case "add": {
      const added = (connection: Connection) => {
        onClose();
        onChanged(connection);
      };
      return (
        <AddServerDialog
          initial={open.launch}
          onClose={onClose}
          onInstalled={added}
          manual={(tabs) => <ConnectionForm editing={null} tabs={tabs} onClose={onClose} onSaved={added} />}
        />
      );
    }
    case "edit":
      return (
        <ConnectionForm
          editing={open.connection}
          onClose={onClose}
          onSaved={(saved) => {
            onClose();
            onChanged(saved);
          }}
        />
      );
    case "delete":
      return <DeleteConnection connection={open.connection} onClose={onClose} onConfirm={() => onDelete(open.connection)} />;
    case "export":
      return <ExportDialog connections={open.connections} onClose={onClose} />;
    case "import":
      return <ImportWizard onClose={onClose} onImported={(imported) => onChanged(imported[0])} />;
  }
}
