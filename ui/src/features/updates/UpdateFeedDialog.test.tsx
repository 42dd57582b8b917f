import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { I18nProvider, type Locale } from "../../i18n";
import type { UpdateFeedChoice, UpdateFeedState } from "../../ipc";
import { installIpc, type Handler } from "../../test/ipc-mock";
import { AppMenu } from "./AppMenu";

const NONE: UpdateFeedState = { source: "none", environmentInvalid: false };
const MINE = "https://mirror.example/lode/latest.json";

async function openFeed(state: UpdateFeedState, setFeed: Handler, locale: Locale = "en") {
  const calls = installIpc({ pending_update: () => null, update_feed: () => state, set_update_feed: setFeed });
  const user = userEvent.setup();
  render(
    <I18nProvider defaultLocale={locale}>
      <AppMenu />
    </I18nProvider>,
  );
  await user.click(screen.getByTestId("app-menu"));
  await user.click(screen.getByTestId("menu-update-feed"));
  const dialog = await screen.findByTestId("update-feed-dialog");
  await within(dialog).findByTestId("feed-in-use");
  return { user, dialog, calls };
}

/** What `set_update_feed` would answer to each choice, LODE_UPDATE_FEED unset. */
function answer({ choice }: Record<string, unknown>): UpdateFeedState {
  const c = choice as UpdateFeedChoice;
  if (c.kind === "url") return { url: c.url, source: "setting", environmentInvalid: false };
  if (c.kind === "off") return { source: "setting", environmentInvalid: false };
  return NONE;
}

const choices = (calls: { cmd: string; args: Record<string, unknown> }[]) =>
  calls.filter((c) => c.cmd === "set_update_feed").map((c) => c.args.choice);

describe("Update feed", () => {
  it("says plainly that a build without a feed has none, and saves a URL", async () => {
    const { user, dialog, calls } = await openFeed(NONE, answer);
    expect(within(dialog).getByTestId("feed-in-use")).toHaveTextContent("None: update checks are off.");
    expect(within(dialog).getByTestId("feed-source")).toHaveTextContent("This build has no update feed; set one here.");
    expect(within(dialog).getByTestId("feed-build-default")).toHaveTextContent("This build has no feed of its own.");
    await user.type(within(dialog).getByRole("textbox", { name: "Feed URL" }), MINE);
    await user.click(within(dialog).getByTestId("feed-save"));
    await waitFor(() => expect(within(dialog).getByTestId("feed-in-use")).toHaveTextContent(MINE));
    expect(within(dialog).getByTestId("feed-source")).toHaveTextContent("Your setting.");
    expect(choices(calls)).toEqual([{ kind: "url", url: MINE }]);
  });

  it("turns checks off and resets to the build's feed", async () => {
    const build = "https://downloads.example/lode/latest.json";
    const state: UpdateFeedState = { url: MINE, source: "setting", buildDefault: build, environmentInvalid: false };
    const { user, dialog, calls } = await openFeed(state, (args) => {
      const next = answer(args);
      return next.source === "none" ? { url: build, source: "build", buildDefault: build, environmentInvalid: false } : { ...next, buildDefault: build };
    });
    expect(within(dialog).getByTestId("feed-build-default")).toHaveTextContent(`This build's feed: ${build}`);
    await user.click(within(dialog).getByTestId("feed-off"));
    await waitFor(() => expect(within(dialog).getByTestId("feed-in-use")).toHaveTextContent("None: update checks are off."));
    await user.click(within(dialog).getByRole("button", { name: "Use this build's feed" }));
    await waitFor(() => expect(within(dialog).getByTestId("feed-in-use")).toHaveTextContent(build));
    expect(within(dialog).getByTestId("feed-source")).toHaveTextContent("This build's own feed.");
    expect(choices(calls)).toEqual([{ kind: "off" }, { kind: "default" }]);
  });

  it("says when LODE_UPDATE_FEED overrides the setting", async () => {
    const { dialog } = await openFeed({ url: "http://127.0.0.1:9/latest.json", source: "environment", environmentInvalid: false }, answer);
    expect(within(dialog).getByTestId("feed-source")).toHaveTextContent("Set by LODE_UPDATE_FEED, which overrides this setting.");
  });

  it("does not send what is not a URL, and words Rust's refusal", async () => {
    const refusal = {
      code: "updateFeed",
      message: "update check: Insecure",
      facts: { kind: "update", step: "check", reason: "insecure" },
    };
    const { user, dialog, calls } = await openFeed(NONE, () => Promise.reject(refusal));
    const input = within(dialog).getByRole("textbox", { name: "Feed URL" });
    await user.type(input, "mirror.example");
    expect(within(dialog).getByText("Enter an https URL.")).toBeInTheDocument();
    expect(within(dialog).getByTestId("feed-save")).toBeDisabled();
    await user.clear(input);
    await user.type(input, "http://mirror.example/latest.json");
    await user.click(within(dialog).getByTestId("feed-save"));
    await waitFor(() =>
      expect(dialog).toHaveTextContent("The update feed must use https (plain http only on this computer, in a debug build)."),
    );
    expect(choices(calls)).toEqual([{ kind: "url", url: "http://mirror.example/latest.json" }]);
  });

  it("shows nothing more when the person says no in the system dialog", async () => {
    const { user, dialog } = await openFeed(NONE, () => Promise.reject({ code: "declined", message: "declined" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Feed URL" }), MINE);
    await user.click(within(dialog).getByTestId("feed-save"));
    await waitFor(() => expect(within(dialog).getByTestId("feed-save")).toBeEnabled());
    expect(within(dialog).queryByRole("alert")).toBeNull();
    expect(within(dialog).getByTestId("feed-in-use")).toHaveTextContent("None: update checks are off.");
  });

  it("speaks Chinese", async () => {
    const { dialog } = await openFeed({ url: MINE, source: "environment", environmentInvalid: false }, answer, "zh-CN");
    expect(within(dialog).getByRole("heading", { name: "更新源" })).toBeInTheDocument();
    expect(within(dialog).getByTestId("feed-source")).toHaveTextContent("由 LODE_UPDATE_FEED 指定，它优先于此设置。");
  });
});
