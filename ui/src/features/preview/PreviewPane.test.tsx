import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ConnectionEvent, ReadPiece, ResourceContent, ResourceItem } from "../../ipc";
import { emitConnectionEvent, installIpc, streamContents, type IpcCall } from "../../test/ipc-mock";
import { PreviewPane } from "./PreviewPane";
import { renderWithI18n } from "../../test/renderWithI18n";

const CLOCK: ResourceItem = {
  server: "Demo",
  uri: "demo://clock/now",
  name: "now",
  title: "Clock",
  mimeType: "text/plain",
  annotations: {},
};
const NOTE: ResourceItem = { server: "Demo", uri: "demo://note", name: "note", annotations: {} };

const updated = (uri: string, connection = 1): ConnectionEvent => ({
  connection,
  kind: { type: "server", payload: { kind: "resourceUpdated", uri } },
});
const status = (state: "ready" | "connecting", connection = 1): ConnectionEvent => ({
  connection,
  kind: { type: "status", payload: { state } },
});

const count = (calls: IpcCall[], cmd: string, uri?: string) =>
  calls.filter((c) => c.cmd === cmd && (uri === undefined || c.args.uri === uri)).length;

/** A server whose reads the test answers one by one. */
function controlledServer(offered = true) {
  const pending: { uri: string; send: (event: ReadPiece) => void; finish: () => void }[] = [];
  const calls = installIpc({
    read_resource_streamed: (args) =>
      new Promise<null>((resolve) => {
        const channel = args.onEvent as { onmessage: (event: ReadPiece) => void };
        pending.push({
          uri: String(args.uri),
          send: (event) => {
            channel.onmessage(event);
          },
          finish: () => {
            resolve(null);
          },
        });
      }),
    subscribe_resource: () => offered,
    unsubscribe_resource: () => null,
  });
  const answer = async (contents: ResourceContent[]) => {
    const read = pending.shift();
    if (!read) throw new Error("no read is waiting");
    await act(async () => {
      streamContents({ onEvent: { onmessage: read.send } }, contents);
      read.finish();
      await Promise.resolve();
    });
  };
  return { calls, pending, answer };
}

const clockText = (time: string): ResourceContent[] => [
  { uri: CLOCK.uri, mimeType: "text/plain", text: `Current time: ${time}\n` },
];

describe("the preview pane", () => {
  it("shows a large read's progress while its pieces arrive", async () => {
    const server = controlledServer();
    renderWithI18n(<PreviewPane connectionId={1} resource={NOTE} />);
    await waitFor(() => {
      expect(server.pending).toHaveLength(1);
    });
    const read = server.pending[0];
    if (!read) throw new Error("no read");
    const mib = "x".repeat(1024 * 1024);
    act(() => {
      read.send({ event: "started", contents: [{ uri: NOTE.uri, kind: "text", bytes: 3 * mib.length }], totalBytes: 3 * mib.length });
      read.send({ event: "piece", content: 0, data: mib, sentBytes: mib.length });
    });
    const progress = screen.getByTestId("preview-progress");
    expect(progress).toHaveTextContent("Received 1 MB of 3.1 MB");
    expect(within(progress).getByRole("progressbar")).toHaveAttribute("value", String(mib.length));
    act(() => {
      read.send({ event: "piece", content: 0, data: mib, sentBytes: 2 * mib.length });
      read.send({ event: "piece", content: 0, data: mib, sentBytes: 3 * mib.length });
      read.send({ event: "done" });
    });
    // 3 MiB of text: the virtualized view, not a 3 MiB <pre>.
    expect(await screen.findByTestId("preview-virtual-text")).toBeInTheDocument();
    expect(screen.queryByTestId("preview-progress")).toBeNull();
  });

  it("subscribes to the opened resource and re-reads it when it changes, keeping the old text meanwhile", async () => {
    const server = controlledServer();
    renderWithI18n(<PreviewPane connectionId={1} resource={CLOCK} />);
    await waitFor(() => {
      expect(server.pending).toHaveLength(1);
    });
    await server.answer(clockText("10:00:00"));
    expect(await screen.findByTestId("preview-text")).toHaveTextContent("Current time: 10:00:00");
    expect(await screen.findByText("Live")).toBeInTheDocument();
    expect(count(server.calls, "subscribe_resource", CLOCK.uri)).toBe(1);

    // Another resource's or another connection's change is not ours.
    await emitConnectionEvent(updated("demo://other"));
    await emitConnectionEvent(updated(CLOCK.uri, 2));
    expect(server.pending).toHaveLength(0);
    expect(screen.queryByTestId("preview-changed")).toBeNull();

    await emitConnectionEvent(updated(CLOCK.uri));
    await waitFor(() => {
      expect(server.pending).toHaveLength(1);
    });
    // The old contents stay on screen while the new ones arrive.
    expect(screen.getByTestId("preview-text")).toHaveTextContent("Current time: 10:00:00");
    expect(screen.getByText("Updating…")).toBeInTheDocument();
    expect(screen.getByTestId("preview-changed")).toHaveTextContent(/^Changed at \d{1,2}:\d{2}:\d{2}/);
    await server.answer(clockText("10:00:03"));
    await waitFor(() => {
      expect(screen.getByTestId("preview-text")).toHaveTextContent("Current time: 10:00:03");
    });
    expect(screen.queryByText("Updating…")).toBeNull();
  });

  it("says quietly when a server offers no live updates", async () => {
    const server = controlledServer(false);
    renderWithI18n(<PreviewPane connectionId={1} resource={NOTE} />);
    expect(await screen.findByText("Live updates not offered by this server")).toBeInTheDocument();
    await server.answer([{ uri: NOTE.uri, text: "hello" }]);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(count(server.calls, "unsubscribe_resource", NOTE.uri)).toBe(0);
  });

  it("unsubscribes when another resource opens and when the pane closes", async () => {
    const server = controlledServer();
    const { rerender, unmount } = renderWithI18n(<PreviewPane connectionId={1} resource={CLOCK} />);
    await screen.findByText("Live");
    rerender(<PreviewPane connectionId={1} resource={NOTE} />);
    await waitFor(() => {
      expect(count(server.calls, "unsubscribe_resource", CLOCK.uri)).toBe(1);
    });
    expect(count(server.calls, "subscribe_resource", NOTE.uri)).toBe(1);
    // After the switch, the clock's changes no longer trigger reads.
    const reads = count(server.calls, "read_resource_streamed");
    await emitConnectionEvent(updated(CLOCK.uri));
    expect(count(server.calls, "read_resource_streamed")).toBe(reads);
    unmount();
    await waitFor(() => {
      expect(count(server.calls, "unsubscribe_resource", NOTE.uri)).toBe(1);
    });
    // Subscribe and unsubscribe of one URI never overtake each other.
    const order = server.calls.filter((c) => c.args.uri === CLOCK.uri && c.cmd.includes("subscribe")).map((c) => c.cmd);
    expect(order).toEqual(["subscribe_resource", "unsubscribe_resource"]);
  });

  it("subscribes again and re-reads when the connection comes back", async () => {
    const server = controlledServer();
    renderWithI18n(<PreviewPane connectionId={1} resource={CLOCK} />);
    await screen.findByText("Live");
    await server.answer(clockText("10:00:00"));
    await emitConnectionEvent(status("connecting"));
    await emitConnectionEvent(status("ready"));
    await waitFor(() => {
      expect(count(server.calls, "subscribe_resource", CLOCK.uri)).toBe(2);
    });
    expect(server.pending).toHaveLength(1);
  });

  it("adds the opened resource to the basket, only when the app offers it", async () => {
    installIpc({
      read_resource_streamed: (args) => streamContents(args, [{ uri: NOTE.uri, text: "x" }]),
      subscribe_resource: () => false,
    });
    const onAddToBasket = vi.fn();
    const { rerender } = renderWithI18n(<PreviewPane connectionId={1} resource={NOTE} />);
    expect(screen.queryByTestId("preview-add-to-basket")).not.toBeInTheDocument();
    rerender(<PreviewPane connectionId={1} resource={NOTE} onAddToBasket={onAddToBasket} />);
    await userEvent.click(screen.getByTestId("preview-add-to-basket"));
    expect(onAddToBasket).toHaveBeenCalledWith(NOTE);
  });

  it("shows a hostile name, URI and description inert, revealed and cut", async () => {
    const user = userEvent.setup();
    installIpc({
      read_resource_streamed: (args) => streamContents(args, [{ uri: "demo://h", text: "x" }]),
      subscribe_resource: () => false,
    });
    const description = `<script>alert(1)</script>${"d".repeat(10_000_000)}`;
    const hostile: ResourceItem = {
      server: "Demo",
      uri: "demo://h/\u202Egpj.exe\u0000",
      name: "n",
      title: "<img src=x onerror=alert(1)>\u202Etxt.exe\u001b[31m",
      description,
      annotations: {},
    };
    const { container } = renderWithI18n(<PreviewPane connectionId={1} resource={hostile} />);
    expect(screen.getByTestId("preview-name")).toHaveTextContent("<img src=x onerror=alert(1)>⟨U+202E⟩txt.exe⟨U+001B⟩[31m");
    expect(screen.getByTestId("preview-uri")).toHaveTextContent("demo://h/⟨U+202E⟩gpj.exe⟨U+0000⟩");
    const shown = screen.getByTestId("preview-description");
    expect(shown.textContent.length).toBeLessThan(1100);
    expect(shown).toHaveTextContent("<script>alert(1)</script>ddd");
    expect(container.querySelector("script, img")).toBeNull();
    // The whole text is there on request.
    await user.click(within(shown).getByRole("button", { name: "Show all 10,000,025 characters" }));
    expect(shown.textContent.length).toBeGreaterThan(10_000_000);
    await user.click(within(shown).getByRole("button", { name: "Show less" }));
    expect(shown.textContent.length).toBeLessThan(1100);
    expect(container.querySelectorAll(".hidden-char").length).toBeGreaterThanOrEqual(4);
    expect(await screen.findByText("x")).toBeInTheDocument();
  });

  it("speaks Chinese", async () => {
    installIpc({
      read_resource_streamed: (args) => streamContents(args, [{ uri: NOTE.uri, text: "你好" }]),
      subscribe_resource: () => false,
    });
    renderWithI18n(<PreviewPane connectionId={1} resource={NOTE} />, "zh-CN");
    expect(await screen.findByText("此服务器不提供实时更新")).toBeInTheDocument();
    expect(await screen.findByText("你好")).toBeInTheDocument();
  });
});
