import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { I18nProvider, type Locale } from "../../i18n";
import type { Connection } from "../../ipc";
import { demoConnection, httpConnection, savedConnection } from "../../test/fixtures";
import { installIpc } from "../../test/ipc-mock";
import { installPointerEvent, layOutRows } from "../../test/pointer";
import { ConnectionsPane } from "./ConnectionsPane";

beforeAll(installPointerEvent);

const third = savedConnection(3, "Files", { kind: "stdio", command: "files-server", args: [], env: {} });

/** The shell's saved order: move_connection takes the connection out and puts it at `index`. */
function storeIpc() {
  let saved: Connection[] = [demoConnection, httpConnection, third];
  const calls = installIpc({
    list_connections: () => saved,
    connection_statuses: () => [],
    move_connection: ({ id, index }) => {
      const moving = saved.find((c) => c.id === id);
      if (!moving) throw { code: "unknownConnection", message: "gone" };
      const rest = saved.filter((c) => c.id !== id);
      rest.splice(index as number, 0, moving);
      saved = rest;
      return null;
    },
  });
  return calls;
}

function renderPane(locale: Locale = "en") {
  return render(
    <I18nProvider defaultLocale={locale}>
      <ConnectionsPane statuses={new Map()} selectedId={1} onSelect={() => undefined} />
    </I18nProvider>,
  );
}

const names = () => screen.getAllByTestId("connection-row").map((row) => row.dataset.name);
const buttonOf = (name: string) => {
  const row = screen.getAllByTestId("connection-row").find((el) => el.dataset.name === name);
  const button = row?.querySelector<HTMLElement>(".connection-item");
  if (!button) throw new Error(`no row ${name}`);
  return button;
};

describe("reordering connections", () => {
  it("moves the focused connection with Alt+Down / Alt+Up, keeps its focus and says where it went", async () => {
    const calls = storeIpc();
    renderPane();
    await screen.findAllByTestId("connection-row");
    const user = userEvent.setup();
    buttonOf("Demo").focus();
    await user.keyboard("{Alt>}{ArrowDown}{/Alt}");
    await waitFor(() => expect(names()).toEqual(["Docs over HTTP", "Demo", "Files"]));
    expect(calls.filter((c) => c.cmd === "move_connection").map((c) => c.args)).toEqual([{ id: 1, index: 1 }]);
    expect(screen.getByTestId("connections-order-announce")).toHaveTextContent("Demo moved to position 2 of 3");
    await waitFor(() => expect(buttonOf("Demo")).toHaveFocus());
    await user.keyboard("{Alt>}{ArrowUp}{/Alt}");
    await waitFor(() => expect(names()).toEqual(["Demo", "Docs over HTTP", "Files"]));
    // At the top already: nothing more to do.
    await user.keyboard("{Alt>}{ArrowUp}{/Alt}");
    expect(calls.filter((c) => c.cmd === "move_connection")).toHaveLength(2);
  });

  it("drags a connection by its grip to the end of the list", async () => {
    const calls = storeIpc();
    renderPane("zh-CN");
    await screen.findAllByTestId("connection-row");
    layOutRows(screen.getAllByTestId("connection-row"), 50);
    const grip = screen.getAllByTestId("connection-grip").at(0);
    if (!grip) throw new Error("no grip");
    fireEvent.pointerDown(grip, { button: 0, clientY: 25 });
    act(() => void fireEvent.pointerMove(window, { clientY: 140 }));
    expect(screen.getAllByTestId("connection-row").at(2)).toHaveClass("reorder-row--after");
    act(() => void fireEvent.pointerUp(window, { clientY: 140 }));
    await waitFor(() => expect(names()).toEqual(["Docs over HTTP", "Files", "Demo"]));
    expect(calls.filter((c) => c.cmd === "move_connection").map((c) => c.args)).toEqual([{ id: 1, index: 2 }]);
    expect(screen.getByTestId("connections-order-announce")).toHaveTextContent("Demo 已移到第 3 位，共 3 项");
  });
});
