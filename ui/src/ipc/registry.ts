// MCP registries: the ordered list browsed, a search's page, and one server whole with its
// other versions. Nothing here installs anything (install.ts does, after a native yes).
import type { EntryDetails } from "./bindings/EntryDetails";
import type { RegistryPage } from "./bindings/RegistryPage";
import type { RegistryQuery } from "./bindings/RegistryQuery";
import { call } from "./commands";

/** The registries browsed, the default one first. */
export function registries(): Promise<string[]> {
  return call<string[]>("registries");
}

/** Adds a registry at the end of the list; the list after. */
export function addRegistry(address: string): Promise<string[]> {
  return call<string[]>("add_registry", { address });
}

export function removeRegistry(address: string): Promise<string[]> {
  return call<string[]>("remove_registry", { address });
}

/** Moves a registry to `place` (1 is the default one); the list after. */
export function moveRegistry(address: string, place: number): Promise<string[]> {
  return call<string[]>("move_registry", { address, place });
}

/** One page of a search of `registry` (the default one when null). */
export function searchRegistry(registry: string | null, query: RegistryQuery): Promise<RegistryPage> {
  return call<RegistryPage>("search_registry", { registry, query });
}

/** A server at `version` (its latest when null), with the versions its registry lists. */
export function registryEntry(registry: string | null, name: string, version: string | null): Promise<EntryDetails> {
  return call<EntryDetails>("registry_entry", { registry, name, version });
}
