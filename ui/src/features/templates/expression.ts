// Template variables as the form uses them: how the template writes one (the operator hint),
// and the filled values to expand with (empty ones left out).
import type { TemplateOperator, TemplateVariable } from "../../ipc";

const SYMBOLS: Record<TemplateOperator, string> = {
  simple: "",
  reserved: "+",
  fragment: "#",
  label: ".",
  path: "/",
  pathParam: ";",
  query: "?",
  continuation: "&",
};

/** How the template writes the variable, e.g. `{+path}` or `{?q:3}`: the field's operator hint. */
export function expressionOf(variable: TemplateVariable): string {
  const modifier = variable.prefix !== undefined ? `:${variable.prefix}` : variable.explode ? "*" : "";
  return `{${SYMBOLS[variable.operator]}${variable.name}${modifier}}`;
}

/**
 * The values to expand with: empty fields are left out, so they are *undefined* for RFC 6570
 * and expand to nothing (`{?q}` gives "" rather than "?q=").
 */
export function filledValues(values: Readonly<Record<string, string>>, except?: string): Record<string, string> {
  const filled: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (name !== except && value !== "") filled[name] = value;
  }
  return filled;
}
