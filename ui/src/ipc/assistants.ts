// Connecting an assistant: the assistants' configurations with Lode's entry in each, a change
// previewed as a diff, and the change made — which Lode confirms natively before writing.
import type { Assistant } from "./bindings/Assistant";
import type { AssistantAction } from "./bindings/AssistantAction";
import type { AssistantConfig } from "./bindings/AssistantConfig";
import type { ChangeWritten } from "./bindings/ChangeWritten";
import type { PlannedChangeView } from "./bindings/PlannedChangeView";
import { call } from "./commands";

/**
 * Every assistant's user configuration: installed or not, and Lode's entry there (current when it
 * serves `profile`; "default" when none is given).
 */
export function listAssistants(profile?: string): Promise<AssistantConfig[]> {
  return call<AssistantConfig[]>("list_assistants", { profile: profile ?? null });
}

/** The change `action` would make to `assistant`'s configuration, as a diff; writes nothing. */
export function previewAssistantChange(
  assistant: Assistant,
  action: AssistantAction,
  profile?: string,
): Promise<PlannedChangeView> {
  return call<PlannedChangeView>("preview_assistant_change", { assistant, action, profile: profile ?? null });
}

/** Makes the change once the person says yes in Lode's native dialog (else fails `declined`). */
export function changeAssistant(assistant: Assistant, action: AssistantAction, profile?: string): Promise<ChangeWritten> {
  return call<ChangeWritten>("change_assistant", { assistant, action, profile: profile ?? null });
}
