// What the connections' picker settings hide of the browser's rows, as the index takes it: a
// connection is its server by name in the index (`ServerListing.server`).
import type { PickerSettings, ResourceKind, ServerKinds, ServerListing } from "../../ipc";
import type { PickerDefaults } from "./browseQuery";
import { DEFAULT_PICKER_SETTINGS, type PickerSettingsById } from "../picker";

/**
 * The defaults of every listed server. `revealed` are servers whose resources are turned off
 * but that the person showed with their chip's eye in this session.
 */
export function pickerDefaults(
  settings: PickerSettingsById,
  servers: readonly ServerListing[],
  revealed: ReadonlySet<string>,
): PickerDefaults {
  const hiddenKinds: ServerKinds[] = [];
  const hiddenTemplates: string[] = [];
  for (const { connection, server } of servers) {
    const chosen = settings.get(connection) ?? DEFAULT_PICKER_SETTINGS;
    const kinds = hiddenKindsOf(chosen);
    const all = !chosen.showResources && !revealed.has(server);
    if (all || kinds.length > 0) hiddenKinds.push({ server, all, kinds });
    if (chosen.hideTemplates) hiddenTemplates.push(server);
  }
  return { hiddenKinds, hiddenTemplates };
}

function hiddenKindsOf(settings: PickerSettings): ResourceKind[] {
  const kinds: ResourceKind[] = [];
  if (settings.hideApps) kinds.push("app");
  if (settings.hideSkills) kinds.push("skill");
  return kinds;
}

/** The listed servers whose connection does not show its resources. */
export function turnedOff(settings: PickerSettingsById, servers: readonly ServerListing[]): string[] {
  return servers
    .filter(({ connection }) => !(settings.get(connection) ?? DEFAULT_PICKER_SETTINGS).showResources)
    .map(({ server }) => server);
}
