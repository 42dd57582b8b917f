import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ConnectionState, WireMessage } from "../../ipc";
import { demoConnection, demoResources, listedStatus, modernInfo } from "../../test/fixtures";
import { browseHandlers, createBrowseIndex, installIpc, type IpcCall } from "../../test/ipc-mock";
import { renderApp } from "../../test/render";

const REQUEST: WireMessage = {
  seq: 1,
  atMs: new Date(2026, 10, 26, 9, 5, 7, 42).getTime(),
  direction: "out",
  kind: "request",
  method: "resources/list",
  id: "3",
  size: 64,
  truncated: false,
};
const RESPONSE: WireMessage = {
  ...REQUEST,
  seq: 2,
  direction: "in",
  kind: "response",
  durationMs: 12,
  size: 2048,
};
const RESPONSE_JSON = '{"jsonrpc":"2.0","id":3,"result":{"resources":[]}}';

function ipc() {
  return installIpc({
    list_connections: () => [demoConnection],
    connection_statuses: (): ConnectionState[] => [{ connection: demoConnection.id, status: { state: "ready" } }],
    ...browseHandlers(createBrowseIndex(demoResources()), () => listedStatus(1, [[demoConnection, 4]])),
    server_info: () => modernInfo,
    server_log: () => [],
    protocol_history: ({ method }) =>
      [REQUEST, RESPONSE].filter((m) => typeof method !== "string" || (m.method ?? "").includes(method)),
    protocol_message: ({ seq }) => ({ ...(seq === 2 ? RESPONSE : REQUEST), json: RESPONSE_JSON }),
  });
}

const calls = (all: IpcCall[], cmd: string) => all.filter((c) => c.cmd === cmd);

describe("protocol history", () => {
  it("loads only when shown, lists each message, opens its JSON and filters by method", async () => {
    const all = ipc();
    const user = userEvent.setup();
    renderApp("en");
    await screen.findAllByTestId("resource-row");
    await user.click(screen.getByTestId("server-details-toggle"));
    await user.click(await screen.findByTestId("history-toggle"));
    const rows = await screen.findAllByTestId("history-row");
    expect(calls(all, "protocol_history")).toHaveLength(1);
    expect(rows.map((row) => row.getAttribute("data-direction"))).toEqual(["out", "in"]);
    expect(rows[0]).toHaveTextContent("09:05:07.042");
    expect(rows[0]).toHaveTextContent("resources/list");
    expect(rows[0]).toHaveTextContent("#3");
    expect(rows[1]).toHaveTextContent("12 ms");

    const [, response] = rows;
    if (!response) throw new Error("no response row");
    await user.click(within(response).getByRole("button"));
    const json = await screen.findByTestId("history-json");
    expect(json.textContent).toBe(JSON.stringify(JSON.parse(RESPONSE_JSON), null, 2));
    expect(calls(all, "protocol_message").at(-1)?.args).toMatchObject({ seq: 2 });

    await user.type(screen.getByTestId("history-filter"), "tools/");
    await waitFor(() => expect(screen.queryAllByTestId("history-row")).toHaveLength(0));
    expect(calls(all, "protocol_history").at(-1)?.args).toMatchObject({ method: "tools/" });
  });
});
