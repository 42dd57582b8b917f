import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ConnectionState } from "../ipc";
import { demoConnection, demoResources, listedStatus } from "../test/fixtures";
import { browseHandlers, createBrowseIndex, installIpc } from "../test/ipc-mock";
import { renderApp } from "../test/render";

// A pane whose rendering throws, as one would on a server's value no code expected.
vi.mock("../features/tools/ToolsPane", () => ({
  ToolsPane: () => {
    throw new Error("a tool list the window cannot draw");
  },
}));

function ipc() {
  const index = createBrowseIndex(demoResources(), {});
  installIpc({
    list_connections: () => [demoConnection],
    connection_statuses: (): ConnectionState[] => [{ connection: demoConnection.id, status: { state: "ready" } }],
    ...browseHandlers(index, () => listedStatus(1, [[demoConnection, 4]])),
  });
}

describe("a pane that fails to render", () => {
  it("shows its error in place, translated, and the rest of the window stays", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    ipc();
    renderApp();
    const user = userEvent.setup();
    await waitFor(() => {
      expect(screen.getByTestId("browser-count")).toHaveTextContent("4 resources");
    });
    await user.click(screen.getByTestId("side-tab-tools"));

    const failed = screen.getByTestId("pane-error");
    expect(within(failed).getByRole("alert")).toHaveTextContent("Tools ran into a problem and cannot be shown");
    expect(failed).toHaveTextContent("a tool list the window cannot draw");
    // The other panes are still there and working.
    expect(screen.getAllByTestId("connection-item")[0]).toHaveTextContent("Demo");
    expect(screen.getByTestId("browser-count")).toHaveTextContent("4 resources");
    expect(screen.getAllByTestId("resource-row").length).toBeGreaterThan(0);

    // Retry renders it again (it fails again here); Dismiss clears the message.
    await user.click(within(failed).getByRole("button", { name: "Retry" }));
    expect(screen.getByTestId("pane-error")).toBeInTheDocument();
    await user.click(within(screen.getByTestId("pane-error")).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByTestId("pane-error")).toBeNull();

    // Another tab is another pane: it renders.
    await user.click(screen.getByTestId("side-tab-basket"));
    expect(screen.getByTestId("basket-pane")).toBeInTheDocument();
  });

  it("says so in Chinese too", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    ipc();
    renderApp("zh-CN");
    await userEvent.setup().click(await screen.findByTestId("side-tab-tools"));
    expect(within(screen.getByTestId("pane-error")).getByRole("alert")).toHaveTextContent("出现问题，无法显示");
  });
});
