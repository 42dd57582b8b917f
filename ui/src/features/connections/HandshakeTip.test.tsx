import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { I18nProvider, type Locale } from "../../i18n";
import type { ConnectionStatus } from "../../ipc";
import { demoConnection, modernInfo } from "../../test/fixtures";
import { installIpc } from "../../test/ipc-mock";
import { ConnectionItem } from "./ConnectionItem";

function row(status: ConnectionStatus | undefined, locale: Locale = "en") {
  render(
    <I18nProvider defaultLocale={locale}>
      <ul>
        <ConnectionItem connection={demoConnection} status={status} selected={false} onSelect={() => undefined} />
      </ul>
    </I18nProvider>,
  );
  return screen.getByTestId("connection-item");
}

describe("a connection row's handshake on hover", () => {
  it("names the negotiated protocol and the server, as a tooltip that describes the row", async () => {
    const calls = installIpc({ server_info: () => modernInfo });
    const item = row({ state: "ready" });
    // Nothing is asked before the row is wanted: a list of many connections costs nothing.
    expect(calls).toEqual([]);
    item.focus();
    const tip = await screen.findByRole("tooltip");
    expect(await screen.findByText("Protocol 2026-07-28")).toBeInTheDocument();
    expect(tip).toHaveTextContent("Server Lode Demo Server 0.4.2");
    // Reachable by keyboard and screen reader: the focused button is described by it.
    expect(item).toHaveAttribute("aria-describedby", tip.id);
    expect(item).toHaveAccessibleDescription("Protocol 2026-07-28 Server Lode Demo Server 0.4.2");
    expect(calls.filter((c) => c.cmd === "server_info")).toEqual([{ cmd: "server_info", args: { connectionId: 1 } }]);
  });

  it("in Chinese, and without a name the server did not give", async () => {
    installIpc({ server_info: () => ({ ...modernInfo, name: " ", title: undefined, version: undefined }) });
    fireEvent.mouseEnter(row({ state: "ready" }, "zh-CN").closest("li") ?? document.body);
    expect(await screen.findByText("协议 2026-07-28")).toBeInTheDocument();
    expect(screen.getByRole("tooltip")).toHaveTextContent("服务器未提供名称");
  });

  it("asks nothing of a connection that is not ready (asking would start it)", () => {
    const calls = installIpc({ server_info: () => modernInfo });
    row({ state: "connecting" }).focus();
    expect(screen.getByRole("tooltip")).toHaveTextContent("Not connected");
    expect(calls).toEqual([]);
  });
});
