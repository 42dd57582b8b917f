// The context hub's profiles: what each assistant may see through `lode serve --profile NAME`,
// paused or not, its token revoked, and what assistants did through it. Saving a profile that
// exposes connections it did not is confirmed by the person in a native dialog (a "no" rejects
// with `declined`). A token never reaches the window: `lode hub token NAME` prints it.
import type { HubActivity } from "./bindings/HubActivity";
import type { HubProfile } from "./bindings/HubProfile";
import { call } from "./commands";

export function hubProfiles(): Promise<HubProfile[]> {
  return call<HubProfile[]>("hub_profiles");
}

/** Saves a profile (new, or in place of the one of its name); resolves to it as saved. */
export function saveHubProfile(profile: HubProfile): Promise<HubProfile> {
  return call<HubProfile>("save_hub_profile", { profile });
}

/** Removes a profile, its activity and its token. */
export async function removeHubProfile(name: string): Promise<void> {
  await call<unknown>("remove_hub_profile", { name });
}

export function setHubProfilePaused(name: string, paused: boolean): Promise<HubProfile> {
  return call<HubProfile>("set_hub_profile_paused", { name, paused });
}

/** A new token in place of the old one (refused from then on); the new one is not returned. */
export async function revokeHubProfileToken(name: string): Promise<void> {
  await call<unknown>("revoke_hub_profile_token", { name });
}

/** The newest `limit` records of a profile's activity, newest first. */
export function hubActivity(profile: string, limit: number): Promise<HubActivity[]> {
  return call<HubActivity[]>("hub_activity", { profile, limit });
}
