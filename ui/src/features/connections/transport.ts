// A transport's target (command line or URL) as plain text, quoting arguments only where a
// reader could misread them.
import type { TransportSpec } from "../../ipc";

/** Quotes an argument only when a reader could misread it (spaces, quotes, empty). */
export function quoteArg(arg: string): string {
  return arg === "" || /[\s"'\\]/.test(arg) ? JSON.stringify(arg) : arg;
}

/** The command line or URL of a transport, as plain text (it is data from the store). */
export function transportTarget(transport: TransportSpec): string {
  switch (transport.kind) {
    case "stdio":
      return [transport.command, ...transport.args].map(quoteArg).join(" ");
    case "http":
    case "sse":
    case "rest":
      return transport.url;
  }
}
