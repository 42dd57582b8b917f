// What the connection row actions do (delete with Undo, update with Undo, retry, sign in, sign
// out), and the one notice that reports them.
import { useCallback, useState } from "react";
import { useT } from "../../i18n";
import {
  removeConnection,
  restoreConnection,
  retryConnection,
  signIn,
  startConnections,
  signOut,
  toLodeError,
  undoUpdate,
  updateInstalled,
  type Connection,
} from "../../ipc";

export interface Notice {
  /** Tells one notice from the next, so a new one restarts the timer. */
  serial: number;
  message: string;
  /** The deleted connection an Undo brings back. */
  undo?: Connection;
  /** The updated connection an Undo puts back as it was. */
  undoUpdate?: Connection;
}

let serial = 0;

/**
 * What the rows' actions do, and the one notice at the bottom of the window that reports them
 * ("Deleted X — Undo", "Signed in to X", a failure). `changed` reloads the list.
 */
export function useConnectionActions(changed: (select?: Connection) => void) {
  const { t } = useT();
  const [notice, setNotice] = useState<Notice | null>(null);
  const tell = useCallback((message: string, undo?: Connection, undoUpdate?: Connection) => {
    serial += 1;
    setNotice({ serial, message, ...(undo ? { undo } : {}), ...(undoUpdate ? { undoUpdate } : {}) });
  }, []);
  const failed = useCallback(
    (error: unknown) => {
      const { code, message } = toLodeError(error);
      // A "no" in Lode's own dialog is the person's choice, not a failure: said quietly.
      if (code === "declined") tell(t("connections.declined"));
      else tell(`${t(`error.${code}`)}: ${message}`);
    },
    [t, tell],
  );

  const remove = (connection: Connection) =>
    removeConnection(connection.id).then(() => {
      changed();
      tell(t("connections.deleted", { name: connection.name }), connection);
    }, failed);

  const undo = (connection: Connection) => {
    setNotice(null);
    restoreConnection(connection.id).then((restored) => {
      changed(restored);
      tell(t("connections.restored", { name: restored.name }));
    }, failed);
  };

  const update = (connection: Connection) => {
    // A bundle's new version is downloaded and checked first: said while it is.
    tell(t("install.updating", { name: connection.name }));
    updateInstalled(connection.id).then((updated) => {
      changed(updated);
      tell(t("install.updated", { name: updated.name, version: updated.origin?.version ?? "" }), undefined, updated);
    }, failed);
  };

  const undoTheUpdate = (connection: Connection) => {
    setNotice(null);
    undoUpdate(connection.id).then((restored) => {
      changed(restored);
      tell(t("install.updateUndone", { name: restored.name, version: restored.origin?.version ?? "" }));
    }, failed);
  };

  const retry = (connection: Connection) => {
    retryConnection(connection.id).catch(failed);
  };

  const start = (connection: Connection) => {
    startConnections([connection.id]).then(() => {
      changed();
      tell(t("connections.started", { name: connection.name }));
    }, failed);
  };

  const startSignIn = (connection: Connection) => {
    tell(t("connections.signingIn", { name: connection.name }));
    signIn(connection.id).then(() => tell(t("connections.signedIn", { name: connection.name })), failed);
  };

  const startSignOut = (connection: Connection) => {
    signOut(connection.id).then(() => tell(t("connections.signedOut", { name: connection.name })), failed);
  };

  return {
    notice,
    dismiss: () => setNotice(null),
    /** A notice of the pane's own (not an action's). */
    say: (message: string) => tell(message),
    /** A failure said the way the actions' are. */
    fail: failed,
    remove,
    undo,
    update,
    undoUpdate: undoTheUpdate,
    retry,
    start,
    signIn: startSignIn,
    signOut: startSignOut,
  };
}
