// Every connection's picker settings (how its resources show in the browser), shared by the
// browser, which applies them, and the server details, which change them: a change made by one
// reaches every user of this hook in the window at once. Whether a connection's resources show
// is also in its edit form: the connections pane and this hook tell each other of changes.
import { useCallback, useEffect, useState } from "react";
import { pickerSettings, setPickerSettings, type ConnectionId, type PickerSettings } from "../../ipc";

/** A connection's settings until it changes them: everything shows. */
export const DEFAULT_PICKER_SETTINGS: PickerSettings = {
  showResources: true,
  hideTemplates: false,
  hideSkills: false,
  hideApps: false,
};

export type PickerSettingsById = ReadonlyMap<ConnectionId, PickerSettings>;

type Listener = (id: ConnectionId, settings: PickerSettings) => void;

/** The hook's users in this window, told of each change one of them makes. */
const listeners = new Set<Listener>();
/** The hook's users, asked to read every connection's settings again. */
const readers = new Set<() => void>();
/** Others told once a change is kept (the connections pane, whose list shows one of them). */
const keptListeners = new Set<() => void>();

function tellAll(id: ConnectionId, settings: PickerSettings) {
  for (const listener of listeners) listener(id, settings);
}

/** Reads every connection's settings again (a connection was added, edited or removed). */
export function reloadPickerSettings(): void {
  for (const read of readers) read();
}

/** Calls `listener` whenever a change of some connection's settings is kept; returns the undo. */
export function onPickerSettingsKept(listener: () => void): () => void {
  keptListeners.add(listener);
  return () => {
    keptListeners.delete(listener);
  };
}

/**
 * The settings by connection (null until read; empty when they could not be: everything then
 * shows), and `save`, which shows a change at once and keeps it, putting the old settings back
 * when keeping fails (and rejecting, for the caller to say why).
 */
export function usePickerSettings(): {
  settings: PickerSettingsById | null;
  save: (id: ConnectionId, next: PickerSettings) => Promise<void>;
} {
  const [settings, setSettings] = useState<PickerSettingsById | null>(null);

  useEffect(() => {
    let live = true;
    // Changes heard since the last read began: newer than what that read brings.
    let heardSince = new Map<ConnectionId, PickerSettings>();
    const heard: Listener = (id, changed) => {
      heardSince.set(id, changed);
      setSettings((current) => new Map(current ?? []).set(id, changed));
    };
    const read = () => {
      heardSince = new Map();
      const during = heardSince;
      pickerSettings().then(
        (all) => {
          if (!live) return;
          const merged = new Map(all.map(({ connection, settings: each }) => [connection, each] as const));
          for (const [id, changed] of during) merged.set(id, changed);
          setSettings(merged);
        },
        // Unread, nothing is hidden: the browser shows everything rather than nothing.
        () => {
          if (live) setSettings((current) => current ?? new Map());
        },
      );
    };
    listeners.add(heard);
    readers.add(read);
    read();
    return () => {
      live = false;
      listeners.delete(heard);
      readers.delete(read);
    };
  }, []);

  const save = useCallback(
    async (id: ConnectionId, next: PickerSettings) => {
      const before = settings?.get(id) ?? DEFAULT_PICKER_SETTINGS;
      tellAll(id, next);
      try {
        tellAll(id, await setPickerSettings(id, next));
        for (const listener of keptListeners) listener();
      } catch (error) {
        tellAll(id, before);
        throw error;
      }
    },
    [settings],
  );

  return { settings, save };
}
