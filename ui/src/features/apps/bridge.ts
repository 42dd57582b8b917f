// The host side of an app's bridge (MCP Apps, JSON-RPC 2.0 over postMessage): each message
// from the app's frame, answered or acted on through `ViewHost`. Pure: the frame component
// delivers messages and posts the answers. Everything the app sends is untrusted: a message
// that is not JSON-RPC is dropped, unknown methods are refused, and each parameter is checked.

/** What the bridge may do for the app; each action reaches only the app's own server. */
export interface ViewHost {
  /** The result of `ui/initialize`. */
  initializeResult: () => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** `ui/notifications/initialized`: the host may now send the app notifications. */
  initialized: () => void;
  callTool: (name: string, args: Record<string, unknown>) => Promise<unknown>;
  readResource: (uri: string) => Promise<unknown>;
  openLink: (url: string) => Promise<void>;
  /** `ui/message`: what the app asks to say, shown to the person. */
  message: (text: string) => void;
  /** `ui/update-model-context`: the app's latest context, kept for the person. */
  updateModelContext: (text: string) => void;
  log: (level: string, text: string) => void;
  resize: (size: { width?: number; height?: number }) => void;
}

type Id = string | number;

export type BridgeReply =
  | { jsonrpc: "2.0"; id: Id; result: Record<string, unknown> }
  | { jsonrpc: "2.0"; id: Id; error: { code: number; message: string } };

/** JSON-RPC's codes, and the extension's for a request the host declined. */
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const HOST_REFUSED = -32000;

/** The longest text kept from one message or context (the rest is cut). */
const MAX_TEXT = 100_000;

class Refusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function text(value: unknown, what: string): string {
  if (typeof value !== "string") throw new Refusal(INVALID_PARAMS, `${what} must be a string`);
  return value;
}

/** The text of content blocks (one block, or an array of them: the SDK sends an array). */
export function contentText(content: unknown): string {
  const blocks = Array.isArray(content) ? content : [content];
  return blocks
    .map((block) => {
      const item = record(block);
      return item?.type === "text" && typeof item.text === "string" ? item.text : "";
    })
    .filter((part) => part !== "")
    .join("\n")
    .slice(0, MAX_TEXT);
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  const lode = record(error);
  if (lode && typeof lode.message === "string") return lode.message;
  return String(error);
}

/**
 * Acts on one message from the app; returns the answer to post back for a request, `null` for
 * a notification or a message that is not JSON-RPC.
 */
export async function answerView(message: unknown, host: ViewHost): Promise<BridgeReply | null> {
  const request = record(message);
  if (request?.jsonrpc !== "2.0" || typeof request.method !== "string") return null;
  const id: Id | null = typeof request.id === "string" || (typeof request.id === "number" && Number.isFinite(request.id)) ? request.id : null;
  const params = record(request.params) ?? {};
  try {
    const result = await act(request.method, params, host);
    return id === null ? null : { jsonrpc: "2.0", id, result: result ?? {} };
  } catch (error) {
    if (id === null) return null;
    const code = error instanceof Refusal ? error.code : HOST_REFUSED;
    return { jsonrpc: "2.0", id, error: { code, message: errorMessage(error) } };
  }
}

async function act(method: string, params: Record<string, unknown>, host: ViewHost): Promise<Record<string, unknown> | null> {
  switch (method) {
    case "ui/initialize":
      return await host.initializeResult();
    case "ui/notifications/initialized":
      host.initialized();
      return null;
    case "ui/notifications/size-changed": {
      const size = (value: unknown) => (typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : undefined);
      host.resize({ width: size(params.width), height: size(params.height) });
      return null;
    }
    case "ping":
      return {};
    case "tools/call": {
      const name = text(params.name, "the tool's name");
      const args = params.arguments === undefined ? {} : record(params.arguments);
      if (!args) throw new Refusal(INVALID_PARAMS, "a tool's arguments must be an object");
      return record(await host.callTool(name, args)) ?? {};
    }
    case "resources/read":
      return { contents: await host.readResource(text(params.uri, "the resource's uri")) };
    case "ui/open-link":
      await host.openLink(text(params.url, "the link's url"));
      return {};
    case "ui/message":
      host.message(contentText(params.content));
      return {};
    case "ui/update-model-context": {
      const structured = params.structuredContent === undefined ? "" : JSON.stringify(params.structuredContent);
      host.updateModelContext([contentText(params.content ?? []), structured].filter((part) => part !== "").join("\n").slice(0, MAX_TEXT));
      return {};
    }
    case "notifications/message": {
      const level = typeof params.level === "string" ? params.level : "info";
      const data = typeof params.data === "string" ? params.data : JSON.stringify(params.data ?? null);
      host.log(level, data.slice(0, MAX_TEXT));
      return null;
    }
    case "ui/request-display-mode":
      // Lode shows apps inline only.
      return { mode: "inline" };
    default:
      throw new Refusal(METHOD_NOT_FOUND, `Lode does not offer ${method.slice(0, 100)} to apps`);
  }
}
