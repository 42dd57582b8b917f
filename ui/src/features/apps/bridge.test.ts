import { describe, expect, it, vi } from "vitest";
import { answerView, contentText, HOST_REFUSED, INVALID_PARAMS, METHOD_NOT_FOUND, type ViewHost } from "./bridge";

function host(overrides: Partial<ViewHost> = {}): ViewHost {
  return {
    initializeResult: () => ({ protocolVersion: "2026-01-26" }),
    initialized: vi.fn(),
    callTool: vi.fn(() => Promise.resolve({ content: [{ type: "text", text: "12:00" }], isError: false })),
    readResource: vi.fn(() => Promise.resolve([{ uri: "ui://a", text: "x" }])),
    openLink: vi.fn(() => Promise.resolve()),
    message: vi.fn(),
    updateModelContext: vi.fn(),
    log: vi.fn(),
    resize: vi.fn(),
    ...overrides,
  };
}

const request = (id: unknown, method: string, params?: unknown) => ({ jsonrpc: "2.0", id, method, params });

describe("answerView", () => {
  it("answers ui/initialize even with the id 0 the SDK starts at", async () => {
    expect(await answerView(request(0, "ui/initialize", {}), host())).toEqual({ jsonrpc: "2.0", id: 0, result: { protocolVersion: "2026-01-26" } });
  });

  it("relays tools/call with its arguments and answers with the tool's result", async () => {
    const bridge = host();
    const reply = await answerView(request(1, "tools/call", { name: "get-time", arguments: { zone: "UTC" }, _meta: { progressToken: 1 } }), bridge);
    expect(bridge.callTool).toHaveBeenCalledWith("get-time", { zone: "UTC" });
    expect(reply).toEqual({ jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: "12:00" }], isError: false } });
  });

  it("turns Lode's refusal (a declined call, a link not opened) into a JSON-RPC error", async () => {
    const bridge = host({ openLink: () => Promise.reject({ code: "invalidInput", message: "an app may open only web addresses (http, https), not javascript:" }) });
    const reply = await answerView(request("x", "ui/open-link", { url: "javascript:alert(1)" }), bridge);
    expect(reply).toEqual({ jsonrpc: "2.0", id: "x", error: { code: HOST_REFUSED, message: "an app may open only web addresses (http, https), not javascript:" } });
  });

  it("refuses bad parameters and unknown methods, and drops what is not JSON-RPC", async () => {
    const bridge = host();
    expect(await answerView(request(2, "tools/call", { name: 5 }), bridge)).toMatchObject({ error: { code: INVALID_PARAMS } });
    expect(await answerView(request(3, "tools/call", { name: "a", arguments: [1] }), bridge)).toMatchObject({ error: { code: INVALID_PARAMS } });
    expect(await answerView(request(4, "sampling/createMessage", {}), bridge)).toMatchObject({ error: { code: METHOD_NOT_FOUND } });
    expect(await answerView("hello", bridge)).toBeNull();
    expect(await answerView({ jsonrpc: "1.0", id: 1, method: "ping" }, bridge)).toBeNull();
    expect(bridge.callTool).not.toHaveBeenCalled();
  });

  it("acts on notifications without answering them", async () => {
    const bridge = host();
    expect(await answerView({ jsonrpc: "2.0", method: "ui/notifications/size-changed", params: { width: 400, height: 321.5 } }, bridge)).toBeNull();
    expect(bridge.resize).toHaveBeenCalledWith({ width: 400, height: 321.5 });
    await answerView({ jsonrpc: "2.0", method: "ui/notifications/size-changed", params: { height: -5 } }, bridge);
    expect(bridge.resize).toHaveBeenLastCalledWith({ width: undefined, height: undefined });
    await answerView({ jsonrpc: "2.0", method: "notifications/message", params: { level: "warning", data: { n: 1 } } }, bridge);
    expect(bridge.log).toHaveBeenCalledWith("warning", '{"n":1}');
    await answerView({ jsonrpc: "2.0", method: "ui/notifications/initialized" }, bridge);
    expect(bridge.initialized).toHaveBeenCalled();
  });

  it("shows what the app says and keeps its context, whether content is one block or an array", async () => {
    const bridge = host();
    await answerView(request(5, "ui/message", { role: "user", content: [{ type: "text", text: "hi" }, { type: "image", data: "x" }] }), bridge);
    await answerView(request(6, "ui/message", { role: "user", content: { type: "text", text: "one" } }), bridge);
    expect(bridge.message).toHaveBeenNthCalledWith(1, "hi");
    expect(bridge.message).toHaveBeenNthCalledWith(2, "one");
    await answerView(request(7, "ui/update-model-context", { content: [{ type: "text", text: "ctx" }], structuredContent: { a: 1 } }), bridge);
    expect(bridge.updateModelContext).toHaveBeenCalledWith('ctx\n{"a":1}');
  });

  it("reads a resource of the app's own server", async () => {
    const bridge = host();
    expect(await answerView(request(8, "resources/read", { uri: "ui://a" }), bridge)).toEqual({ jsonrpc: "2.0", id: 8, result: { contents: [{ uri: "ui://a", text: "x" }] } });
    expect(bridge.readResource).toHaveBeenCalledWith("ui://a");
  });
});

describe("contentText", () => {
  it("keeps text blocks only, and cuts a huge one", () => {
    expect(contentText([{ type: "text", text: "a" }, { type: "resource" }, null, { type: "text", text: "b" }])).toBe("a\nb");
    expect(contentText({ type: "text", text: "x".repeat(200_000) })).toHaveLength(100_000);
  });
});
