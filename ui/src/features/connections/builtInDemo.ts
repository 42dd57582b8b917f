// Lode's built-in demo: saved with the bare command `lode-demo-server`, which Lode resolves to
// the demo server beside its own executable at each start (lode-app `demo.rs`). The window
// names it instead of showing a command.
import type { Translate } from "../../i18n";
import type { TransportSpec } from "../../ipc";
import { transportTarget } from "./transport";

/** The command the built-in demo is saved with (lode-app's `BUILT_IN_DEMO_COMMAND`). */
export const BUILT_IN_DEMO_COMMAND = "lode-demo-server";

export function isBuiltInDemo(transport: TransportSpec): boolean {
  return transport.kind === "stdio" && transport.command === BUILT_IN_DEMO_COMMAND;
}

/** "Built-in demo" for the built-in demo, else the command line or URL. */
export function targetLabel(transport: TransportSpec, t: Translate): string {
  return isBuiltInDemo(transport) ? t("demo.builtIn") : transportTarget(transport);
}
