import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Connection, ConnectionDraft, ConnectionPickerSettings, PickerSettings } from "../../ipc";
import { demoConnection, demoResources, docsResources, httpConnection, listedStatus, modernInfo } from "../../test/fixtures";
import { browseHandlers, createBrowseIndex, installIpc, type Handler } from "../../test/ipc-mock";
import { renderApp } from "../../test/render";

const HIDE_NOTHING = { hideTemplates: false, hideSkills: false, hideApps: false };

/**
 * The app over a store where, as in Rust, whether a connection's resources show is its own
 * `shownInBrowser` (the edit form's box) and the rest is kept apart.
 */
function ipc(overrides: Record<string, Handler> = {}) {
  let saved: Connection[] = [demoConnection, httpConnection];
  const hides = new Map<number, typeof HIDE_NOTHING>();
  const resources = [...demoResources(), ...docsResources(6)];
  const settingsOf = (c: Connection): PickerSettings => ({ showResources: c.settings.shownInBrowser, ...(hides.get(c.id) ?? HIDE_NOTHING) });
  return installIpc({
    list_connections: () => structuredClone(saved),
    connection_statuses: () => [],
    check_connection: () => [],
    ...browseHandlers(createBrowseIndex(resources), () =>
      listedStatus(1, [
        [demoConnection, 4],
        [httpConnection, 6],
      ]),
    ),
    server_info: () => modernInfo,
    server_log: () => [],
    picker_settings: (): ConnectionPickerSettings[] => saved.map((c) => ({ connection: c.id, settings: settingsOf(c) })),
    set_picker_settings: ({ connectionId, settings }) => {
      const { showResources, ...rest } = settings as PickerSettings;
      saved = saved.map((c) => (c.id === connectionId ? { ...c, settings: { ...c.settings, shownInBrowser: showResources } } : c));
      hides.set(connectionId as number, rest);
      return settings;
    },
    update_connection: ({ id, draft }) => {
      const edited = draft as ConnectionDraft;
      saved = saved.map((c) => (c.id === id ? { ...c, settings: { ...c.settings, shownInBrowser: edited.shownInBrowser } } : c));
      return saved.find((c) => c.id === id);
    },
    ...overrides,
  });
}

/** Renders the app, selects `name` and opens its server details. */
async function openDetails(name: string, locale: "en" | "zh-CN" = "en") {
  const user = userEvent.setup();
  renderApp(locale);
  await screen.findAllByTestId("resource-row");
  const row = (await screen.findAllByTestId("connection-row")).find((el) => el.dataset.name === name);
  if (!row) throw new Error(`no row ${name}`);
  await user.click(within(row).getByTestId("connection-item"));
  await user.click(screen.getByTestId("server-details-toggle"));
  const pane = await screen.findByTestId("server-details");
  return { user, section: within(pane).getByTestId("picker-settings") };
}

describe("a connection's picker settings in its server details", () => {
  it("offers four labelled boxes, kept as they are ticked, and the browser follows at once", async () => {
    const calls = ipc();
    const { user, section } = await openDetails("Docs over HTTP");
    const show = within(section).getByRole("checkbox", { name: "Show resources" });
    await waitFor(() => expect(show).toBeEnabled());
    expect(show).toBeChecked();
    for (const name of ["Hide templates by default", "Hide skills by default", "Hide apps by default"]) {
      expect(within(section).getByRole("checkbox", { name })).not.toBeChecked();
    }
    expect(screen.getByTestId("browser-count")).toHaveTextContent("10 resources");

    // By keyboard: the box takes focus and Space ticks it.
    show.focus();
    await user.keyboard(" ");
    expect(show).not.toBeChecked();
    await waitFor(() => expect(screen.getByTestId("browser-count")).toHaveTextContent("4 of 10 resources"));
    expect(calls.find((c) => c.cmd === "set_picker_settings")?.args).toEqual({
      connectionId: httpConnection.id,
      settings: { showResources: false, ...HIDE_NOTHING },
    });
    const last = calls.filter((c) => c.cmd === "browse_list").at(-1)?.args as { query: { hiddenKinds: unknown } };
    expect(last.query.hiddenKinds).toEqual([{ server: "Docs over HTTP", all: true, kinds: [] }]);
  });

  it("is the edit form's 'Show its resources in the browser', both ways", async () => {
    ipc();
    const { user, section } = await openDetails("Docs over HTTP");
    const show = within(section).getByRole("checkbox", { name: "Show resources" });
    await waitFor(() => expect(show).toBeEnabled());
    await user.click(show);
    await waitFor(() => expect(screen.getByTestId("browser-count")).toHaveTextContent("4 of 10 resources"));

    // The list was read again: the edit form opens with the box as the details left it.
    const row = screen.getAllByTestId("connection-row").find((el) => el.dataset.name === "Docs over HTTP");
    if (!row) throw new Error("no row");
    await user.click(within(row).getByTestId("connection-actions"));
    await user.click(screen.getByTestId("connection-action-edit"));
    const shown = await screen.findByTestId("connection-shown");
    await waitFor(() => expect(shown).not.toBeChecked());

    // Ticked again in the form and saved: the details and the browser follow.
    await user.click(shown);
    await user.click(screen.getByTestId("connection-save"));
    await waitFor(() => expect(within(section).getByRole("checkbox", { name: "Show resources" })).toBeChecked());
    await waitFor(() => expect(screen.getByTestId("browser-count")).toHaveTextContent("10 resources"));
  });

  it("puts a box back and says why when it cannot be kept", async () => {
    ipc({
      set_picker_settings: () => {
        throw { code: "storage", message: "the disk is full" };
      },
    });
    const { user, section } = await openDetails("Demo");
    const apps = within(section).getByRole("checkbox", { name: "Hide apps by default" });
    await waitFor(() => expect(apps).toBeEnabled());
    await user.click(apps);
    await waitFor(() => expect(apps).not.toBeChecked());
    expect(await within(section).findByText("the disk is full")).toBeInTheDocument();
  });

  it("speaks Simplified Chinese", async () => {
    ipc();
    const { section } = await openDetails("Demo", "zh-CN");
    expect(within(section).getByRole("heading", { name: "在浏览器中" })).toBeInTheDocument();
    for (const name of ["显示资源", "默认隐藏模板", "默认隐藏技能", "默认隐藏应用"]) {
      expect(within(section).getByRole("checkbox", { name })).toBeInTheDocument();
    }
  });
});
