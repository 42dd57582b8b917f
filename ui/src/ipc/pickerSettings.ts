// How each connection's resources show in the browser (its picker settings): read for every
// connection at once, changed for one. Kept in Lode's settings.
import type { ConnectionId } from "./bindings/ConnectionId";
import type { ConnectionPickerSettings } from "./bindings/ConnectionPickerSettings";
import type { PickerSettings } from "./bindings/PickerSettings";
import { call } from "./commands";
import { sendEarly } from "./early";

/** Every saved connection's picker settings (the defaults where none were changed). */
export function pickerSettings(): Promise<ConnectionPickerSettings[]> {
  return call<ConnectionPickerSettings[]>("picker_settings");
}

/**
 * Sends the settings' question as the window's script begins (early.ts): the browser waits for
 * them before its first rows, so the rows it asks for first are the ones it shows.
 */
export function sendPickerSettingsEarly(): void {
  sendEarly("picker_settings");
}

/** Keeps one connection's picker settings; resolves to what is kept. */
export function setPickerSettings(connectionId: ConnectionId, settings: PickerSettings): Promise<PickerSettings> {
  return call<PickerSettings>("set_picker_settings", { connectionId, settings });
}
