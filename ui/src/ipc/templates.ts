// The resource template commands: list, complete an argument, a template's variables, and
// expanding it to a URI (RFC 6570, in Rust).
import type { Completion } from "./bindings/Completion";
import type { ConnectionId } from "./bindings/ConnectionId";
import type { ResourceTemplate } from "./bindings/ResourceTemplate";
import type { TemplateVariable } from "./bindings/TemplateVariable";
import { call } from "./commands";

/** The server's resource templates; empty (not an error) when the server offers none. */
export function listTemplates(connectionId: ConnectionId): Promise<ResourceTemplate[]> {
  return call<ResourceTemplate[]>("list_templates", { connectionId });
}

/**
 * Values the server suggests for `argument` of `template`, given what is typed (`value`) and the
 * other arguments already filled in (`context`). A server that does not complete suggests none.
 */
export function completeTemplate(
  connectionId: ConnectionId,
  template: string,
  argument: string,
  value: string,
  context: Record<string, string>,
): Promise<Completion> {
  return call<Completion>("complete_template", { connectionId, template, argument, value, context });
}

/** Each variable of an RFC 6570 template once, in order; rejects (invalidInput) when malformed. */
export function templateVariables(template: string): Promise<TemplateVariable[]> {
  return call<TemplateVariable[]>("template_variables", { template });
}

/**
 * The URI for `values` (strings only). A name left out is undefined and expands to nothing;
 * rejects with `invalidInput` (message and a caret under the problem as detail) when malformed.
 */
export function expandTemplate(template: string, values: Record<string, string>): Promise<string> {
  return call<string>("expand_template", { template, values });
}
