import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider, type Locale } from "../../i18n";
import type { HubActivity, HubProfile } from "../../ipc";
import { demoConnection, httpConnection } from "../../test/fixtures";
import { installIpc, type IpcCall } from "../../test/ipc-mock";
import { HubPane } from "./HubPane";
import { serveCommand } from "./ProfileEditor";
import { ACTIVITY_POLL_MS } from "./useHubActivity";

const profile = (name: string, connections: number[] = [], more: Partial<HubProfile> = {}): HubProfile => ({
  name,
  connections,
  audience: null,
  defaultBudget: null,
  paused: false,
  ...more,
});

interface Setup {
  profiles?: HubProfile[];
  activity?: () => HubActivity[];
  /** What the native question answers when a save exposes more. */
  accept?: boolean;
}

/** The Rust side, as the window sees it: the profiles, a save that asks before exposing more. */
function setup({ profiles = [], activity = () => [], accept = true }: Setup = {}) {
  let saved = [...profiles];
  const asked: string[][] = [];
  const calls = installIpc({
    hub_profiles: () => saved,
    list_connections: () => [demoConnection, httpConnection],
    save_hub_profile: (args) => {
      const wanted = args.profile as HubProfile;
      const before = saved.find((p) => p.name.toLowerCase() === wanted.name.toLowerCase());
      const added = wanted.connections.filter((id) => !(before?.connections ?? []).includes(id));
      if (added.length > 0) {
        asked.push(added.map(String));
        if (!accept) throw { code: "declined", message: "not confirmed: Expose connections to an assistant?" };
      }
      saved = [...saved.filter((p) => p !== before), wanted];
      return wanted;
    },
    set_hub_profile_paused: (args) => {
      const found = saved.find((p) => p.name === args.name);
      if (!found) throw { code: "notFound", message: "no hub profile" };
      const changed = { ...found, paused: args.paused as boolean };
      saved = saved.map((p) => (p === found ? changed : p));
      return changed;
    },
    revoke_hub_profile_token: () => null,
    remove_hub_profile: (args) => {
      saved = saved.filter((p) => p.name !== args.name);
      return null;
    },
    hub_activity: () => activity(),
  });
  return { calls, asked, saved: () => saved };
}

function renderPane(locale: Locale = "en") {
  return render(
    <I18nProvider defaultLocale={locale}>
      <HubPane />
    </I18nProvider>,
  );
}

const argsOf = (calls: IpcCall[], cmd: string) => calls.filter((c) => c.cmd === cmd).map((c) => c.args);

afterEach(() => {
  vi.useRealTimers();
});

describe("HubPane", () => {
  it("exposes nothing until a profile is made, and a new profile exposes nothing", async () => {
    const { calls, asked } = setup();
    renderPane();
    expect(await screen.findByText(/nothing is exposed to assistants/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByTestId("hub-new"));
    await user.type(screen.getByTestId("hub-create-name"), "Claude");
    await user.click(screen.getByTestId("hub-create-submit"));
    expect(await screen.findByTestId("hub-profile")).toBeInTheDocument();
    expect(argsOf(calls, "save_hub_profile")).toEqual([{ profile: profile("Claude") }]);
    expect(asked).toEqual([]);
    expect(screen.getByTestId("hub-command")).toHaveTextContent("lode serve --profile Claude");
    for (const connection of [demoConnection, httpConnection]) {
      expect(screen.getByTestId(`hub-expose-${connection.id}`)).not.toBeChecked();
    }
  });

  it("saves the checked connections, audience and budget together; a declined question saves nothing", async () => {
    const { calls, asked, saved } = setup({ profiles: [profile("Claude", [demoConnection.id])], accept: false });
    renderPane();
    const user = userEvent.setup();
    const docs = await screen.findByTestId(`hub-expose-${httpConnection.id}`);
    expect(screen.getByTestId(`hub-expose-${demoConnection.id}`)).toBeChecked();
    expect(screen.getByTestId("hub-save")).toBeDisabled();
    await user.click(docs);
    await user.selectOptions(screen.getByTestId("hub-audience"), "assistant");
    await user.type(screen.getByTestId("hub-budget"), "8000");
    await user.click(screen.getByTestId("hub-save"));
    expect(await screen.findByTestId("hub-note")).toHaveTextContent("exposing the connections was not confirmed");
    expect(asked).toEqual([[String(httpConnection.id)]]);
    expect(argsOf(calls, "save_hub_profile")).toEqual([
      {
        profile: profile("Claude", [demoConnection.id, httpConnection.id], { audience: "assistant", defaultBudget: 8000 }),
      },
    ]);
    expect(saved()).toEqual([profile("Claude", [demoConnection.id])]);
    // No error banner for a "no": it is the person's answer.
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("narrows exposure, pauses, and revokes without a token reaching the window", async () => {
    const { calls, saved } = setup({ profiles: [profile("Claude", [demoConnection.id, httpConnection.id])] });
    renderPane();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId(`hub-expose-${demoConnection.id}`));
    await user.click(screen.getByTestId("hub-save"));
    expect(await screen.findByTestId("hub-note")).toHaveTextContent("Saved.");
    expect(saved()[0]?.connections).toEqual([httpConnection.id]);

    const paused = screen.getByTestId("hub-paused");
    expect(paused).toHaveAttribute("aria-checked", "false");
    await user.click(paused);
    await waitFor(() => expect(screen.getByTestId("hub-paused")).toHaveAttribute("aria-checked", "true"));
    expect(argsOf(calls, "set_hub_profile_paused")).toEqual([{ name: "Claude", paused: true }]);

    await user.click(screen.getByTestId("hub-revoke"));
    expect(await screen.findByTestId("hub-note")).toHaveTextContent("lode hub token Claude");
    expect(argsOf(calls, "revoke_hub_profile_token")).toEqual([{ name: "Claude" }]);
  });

  it("rejects a budget that is not a positive whole number", async () => {
    setup({ profiles: [profile("Claude")] });
    renderPane();
    const user = userEvent.setup();
    const budget = await screen.findByTestId("hub-budget");
    await user.type(budget, "-5");
    expect(budget).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByTestId("hub-save")).toBeDisabled();
    await user.clear(budget);
    await user.type(budget, "0");
    expect(screen.getByTestId("hub-save")).toBeDisabled();
  });

  it("removes a profile after the person confirms", async () => {
    const { calls } = setup({ profiles: [profile("Claude"), profile("Other")] });
    renderPane();
    const user = userEvent.setup();
    await screen.findByTestId("hub-profile");
    await user.click(screen.getByTestId("hub-remove"));
    const dialog = screen.getByTestId("hub-remove-dialog");
    expect(dialog).toHaveTextContent("Remove the hub profile Claude?");
    await user.click(within(dialog).getByText("Cancel"));
    expect(argsOf(calls, "remove_hub_profile")).toEqual([]);
    await user.click(screen.getByTestId("hub-remove"));
    await user.click(screen.getByTestId("hub-remove-confirm"));
    await waitFor(() => expect(argsOf(calls, "remove_hub_profile")).toEqual([{ name: "Claude" }]));
    await waitFor(() => expect(screen.getByTestId("hub-picker")).toHaveValue("Other"));
  });

  it("shows the live activity newest first, each string revealed, asked again every second", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let records: HubActivity[] = [];
    const { calls } = setup({ profiles: [profile("Claude")], activity: () => records });
    renderPane();
    expect(await screen.findByText(/No activity yet/)).toBeInTheDocument();
    records = [
      { profile: "Claude", at: "2026-01-01T10:00:02.000Z", kind: { type: "read", connection: "Demo", uri: "demo://a\u202eb" } },
      { profile: "Claude", at: "2026-01-01T10:00:01.000Z", kind: { type: "search", query: "sales report", hits: 3 } },
    ];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ACTIVITY_POLL_MS + 10);
    });
    const shown = await screen.findAllByTestId("hub-activity-record");
    expect(shown).toHaveLength(2);
    expect(shown[0]).toHaveTextContent("Read");
    expect(shown[0]).toHaveTextContent("demo://a⟨U+202E⟩b");
    expect(shown[1]).toHaveTextContent("Searched");
    expect(shown[1]).toHaveTextContent("sales report");
    expect(shown[1]).toHaveTextContent("3 hits");
    expect(argsOf(calls, "hub_activity").length).toBeGreaterThanOrEqual(2);
    expect(argsOf(calls, "hub_activity")[0]).toEqual({ profile: "Claude", limit: 50 });
  });

  it("speaks Simplified Chinese", async () => {
    setup({ profiles: [profile("Claude")] });
    renderPane("zh-CN");
    expect(await screen.findByText("公开的连接")).toBeInTheDocument();
    expect(screen.getByTestId("hub-revoke")).toHaveTextContent("吊销令牌");
  });
});

describe("serveCommand", () => {
  it("quotes a name the shell would split", () => {
    expect(serveCommand("claude-code")).toBe("lode serve --profile claude-code");
    expect(serveCommand("my work")).toBe("lode serve --profile 'my work'");
    expect(serveCommand("it's")).toBe("lode serve --profile 'it'\\''s'");
  });
});
