// What the registries say of the installed connections, by connection: read when the pane
// opens (Rust asks the registries at most once a day), and asked now on request.
import { useCallback, useEffect, useState } from "react";
import { installAlerts, type ConnectionId, type InstallAlert, type InstallAlerts } from "../../ipc";

export interface InstallAlertsState {
  byConnection: ReadonlyMap<ConnectionId, InstallAlert>;
  /** Asks the registries now; resolves to what they said (rejects with a LodeError). */
  checkNow: () => Promise<InstallAlerts>;
  /** Reads again what was last found (after an update or an undo). */
  reload: () => void;
}

export function useInstallAlerts(): InstallAlertsState {
  const [alerts, setAlerts] = useState<InstallAlert[]>([]);
  const ask = useCallback((now: boolean) => {
    const pending = installAlerts(now);
    pending.then(
      (found) => setAlerts(found.alerts),
      // The registries unreachable: no alert is shown, nothing else changes.
      () => undefined,
    );
    // call() rejects with a LodeError already.
    return pending;
  }, []);
  useEffect(() => {
    void ask(false).catch(() => undefined);
  }, [ask]);
  return {
    byConnection: new Map(alerts.map((alert) => [alert.connection, alert])),
    checkNow: () => ask(true),
    reload: () => void ask(false).catch(() => undefined),
  };
}
