import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { I18nProvider, type Locale } from "../../i18n";
import type { AboutLode } from "../../ipc";
import { installIpc } from "../../test/ipc-mock";
import { AppMenu } from "./AppMenu";

const ABOUT: AboutLode = {
  version: "0.1.0",
  commit: "0123456789ab",
  dataDir: "/home/ada/.local/share/dev.lode.desktop",
  logFile: "/home/ada/.local/share/dev.lode.desktop/logs/lode.log",
  updateFeed: { url: "https://downloads.example/lode/latest.json", source: "build", buildDefault: "https://downloads.example/lode/latest.json", environmentInvalid: false },
};

async function openAbout(about: AboutLode, locale: Locale = "en") {
  installIpc({ pending_update: () => null, about_lode: () => about });
  const user = userEvent.setup();
  render(
    <I18nProvider defaultLocale={locale}>
      <AppMenu />
    </I18nProvider>,
  );
  await user.click(screen.getByTestId("app-menu"));
  await user.click(screen.getByTestId("menu-about"));
  const dialog = await screen.findByTestId("about-dialog");
  await within(dialog).findByTestId("about-version");
  return { user, dialog };
}

describe("About Lode", () => {
  it("shows the version, the commit, and where the data, the log and the update feed are", async () => {
    const { dialog } = await openAbout(ABOUT);
    expect(within(dialog).getByRole("heading", { name: "About Lode" })).toBeInTheDocument();
    expect(within(dialog).getByTestId("about-version")).toHaveTextContent("0.1.0");
    expect(within(dialog).getByTestId("about-commit")).toHaveTextContent("0123456789ab");
    expect(within(dialog).getByTestId("about-data-dir")).toHaveTextContent(ABOUT.dataDir);
    expect(within(dialog).getByTestId("about-log-file")).toHaveTextContent(ABOUT.logFile ?? "");
    expect(within(dialog).getByTestId("about-update-feed")).toHaveTextContent(ABOUT.updateFeed.url ?? "");
    expect(within(dialog).getByTestId("about-update-feed-source")).toHaveTextContent("This build's own feed.");
  });

  it("copies a path with its button", async () => {
    const { user, dialog } = await openAbout(ABOUT);
    await user.click(within(dialog).getByRole("button", { name: "Copy Log file" }));
    await waitFor(() => expect(within(dialog).getByText("Copied Log file")).toBeInTheDocument());
    expect(await navigator.clipboard.readText()).toBe(ABOUT.logFile);
  });

  it("says when there is no log file, and that a build without a feed has none", async () => {
    const { dialog } = await openAbout({
      version: "0.1.0",
      commit: "unknown",
      dataDir: "/tmp/lode",
      logProblem: "could not create the log file /tmp/lode/logs/lode.log: Permission denied",
      updateFeed: { source: "none", environmentInvalid: false },
    });
    expect(within(dialog).getByTestId("about-log-problem")).toHaveTextContent(
      "No log file (could not create the log file /tmp/lode/logs/lode.log: Permission denied): Lode logs to standard error only.",
    );
    expect(within(dialog).getByTestId("about-update-feed")).toHaveTextContent("None: update checks are off");
    expect(within(dialog).getByTestId("about-update-feed-source")).toHaveTextContent(
      "This build has no update feed; set one in Settings (Update feed… in the menu).",
    );
  });

  it("says when LODE_UPDATE_FEED overrides the setting", async () => {
    const { dialog } = await openAbout({ ...ABOUT, updateFeed: { source: "environment", environmentInvalid: false } });
    expect(within(dialog).getByTestId("about-update-feed-source")).toHaveTextContent(
      "Set by LODE_UPDATE_FEED, which overrides this setting.",
    );
  });

  it("closes with Escape, in Chinese too", async () => {
    const { user, dialog } = await openAbout(ABOUT, "zh-CN");
    expect(within(dialog).getByRole("heading", { name: "关于 Lode" })).toBeInTheDocument();
    expect(dialog).toHaveTextContent("数据文件夹");
    await user.keyboard("{Escape}");
    expect(screen.queryByTestId("about-dialog")).not.toBeInTheDocument();
  });
});
