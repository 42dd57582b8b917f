// What the connections hide of the browser by default, from their picker settings and the
// listed servers, and the servers the person showed anyway with their chip's eye (this session
// only: the setting stays as it is).
import { useCallback, useMemo, useState } from "react";
import type { ServerListing } from "../../ipc";
import type { PickerDefaults } from "./browseQuery";
import { pickerDefaults, turnedOff } from "./pickerDefaults";
import { usePickerSettings } from "../picker";

export interface PickerView {
  /** Null until the settings are read: the rows wait for them, so they are asked for once. */
  defaults: PickerDefaults | null;
  /** Listed servers whose resources are turned off and not shown anyway. */
  off: readonly string[];
  /** Shows (or hides again) a server whose resources are turned off, for this session. */
  reveal: (server: string, shown: boolean) => void;
  /** Whether `server`'s resources are turned off in its settings. */
  isTurnedOff: (server: string) => boolean;
}

export function usePickerDefaults(servers: readonly ServerListing[]): PickerView {
  const { settings } = usePickerSettings();
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set());
  // Servers' statuses change many times a second while listing: the defaults keep their
  // identity while their content does, so the rows are not asked for again.
  const key = JSON.stringify(settings === null ? null : pickerDefaults(settings, servers, revealed));
  const defaults = useMemo(() => JSON.parse(key) as PickerDefaults | null, [key]);
  const allOff = useMemo(() => (settings === null ? [] : turnedOff(settings, servers)), [settings, servers]);
  const off = useMemo(() => allOff.filter((server) => !revealed.has(server)), [allOff, revealed]);
  const reveal = useCallback((server: string, shown: boolean) => {
    setRevealed((current) => {
      if (current.has(server) === shown) return current;
      const next = new Set(current);
      if (shown) next.add(server);
      else next.delete(server);
      return next;
    });
  }, []);
  const isTurnedOff = useCallback((server: string) => allOff.includes(server), [allOff]);
  return { defaults, off, reveal, isTurnedOff };
}
