// Skills (agent skills a server lists): a skill's details as its server listed them, and the
// whole skill, every file, added to a basket at once.
import type { BasketId } from "./bindings/BasketId";
import type { ConnectionId } from "./bindings/ConnectionId";
import type { Skill } from "./bindings/Skill";
import type { SkillAdded } from "./bindings/SkillAdded";
import { call } from "./commands";

/** The skill whose `SKILL.md` is `uri`, or of which `uri` is a file; `notFound` otherwise. */
export function skillDetails(connectionId: ConnectionId, uri: string): Promise<Skill> {
  return call<Skill>("skill_details", { connectionId, uri });
}

/** Reads every file of that skill into basket `id`. */
export function addSkillToBasket(id: BasketId, connectionId: ConnectionId, uri: string): Promise<SkillAdded> {
  return call<SkillAdded>("add_skill_to_basket", { id, connectionId, uri });
}
