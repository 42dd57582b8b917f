import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { I18nProvider, type Locale } from "../../i18n";
import type { DownloadProgress, LodeError, UpdateInfo } from "../../ipc";
import { emitUpdateAvailable, installIpc, type Handler, type IpcCall } from "../../test/ipc-mock";
import { AppMenu } from "./AppMenu";

const UPDATE: UpdateInfo = {
  version: "0.2.0",
  currentVersion: "0.1.0",
  date: "2026-11-25T12:00:00Z",
  // Notes come from the network: markup in them must stay text.
  notes: 'Faster listings over stdio.\n<img src=x onerror="alert(1)"> is not a picture.',
};

function ipc(overrides: Record<string, Handler> = {}) {
  return installIpc({
    pending_update: () => null,
    check_for_updates: () => ({ currentVersion: "0.1.0" }),
    install_update: () => null,
    restart_lode: () => null,
    ...overrides,
  });
}

function renderMenu(locale: Locale = "en") {
  const user = userEvent.setup();
  render(
    <I18nProvider defaultLocale={locale}>
      <AppMenu />
    </I18nProvider>,
  );
  return user;
}

async function checkFromMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByTestId("app-menu"));
  await user.click(screen.getByTestId("menu-check-updates"));
  return screen.findByTestId("update-dialog");
}

/** A promise the test settles when it wants. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const installs = (calls: IpcCall[]) => calls.filter((c) => c.cmd === "install_update");

describe("the app menu", () => {
  it("is a named button that opens from the keyboard with Connect an assistant…, Check for updates…, Listing limits… and About Lode", async () => {
    ipc();
    const user = renderMenu();
    const button = screen.getByRole("button", { name: "Lode menu" });
    expect(button).toHaveAttribute("aria-haspopup", "menu");
    button.focus();
    await user.keyboard("{ArrowDown}");
    const items = within(screen.getByRole("menu", { name: "Lode menu" })).getAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(["Connect an assistant…", "Check for updates…", "Listing limits…", "About Lode"]);
    expect(items[0]).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it("checks from the menu and says when Lode is up to date", async () => {
    const calls = ipc();
    const user = renderMenu();
    const dialog = await checkFromMenu(user);
    await waitFor(() => {
      expect(within(dialog).getByTestId("update-status")).toHaveTextContent("Lode is up to date (0.1.0).");
    });
    expect(calls.filter((c) => c.cmd === "check_for_updates")).toHaveLength(1);
    expect(within(dialog).queryByTestId("update-install")).not.toBeInTheDocument();
    await user.click(within(dialog).getByTestId("update-later"));
    expect(screen.queryByTestId("update-dialog")).not.toBeInTheDocument();
  });

  it("speaks Chinese too", async () => {
    ipc();
    const user = renderMenu("zh-CN");
    await user.click(screen.getByRole("button", { name: "Lode 菜单" }));
    expect(screen.getByTestId("menu-check-updates")).toHaveTextContent("检查更新…");
    expect(screen.getByTestId("menu-about")).toHaveTextContent("关于 Lode");
    await user.click(screen.getByTestId("menu-check-updates"));
    await waitFor(() => {
      expect(screen.getByTestId("update-status")).toHaveTextContent("Lode 已是最新版本（0.1.0）。");
    });
  });
});

describe("the update dialog", () => {
  it("opens by itself for an update found at start-up, with the notes as text, and installs nothing before the click", async () => {
    const calls = ipc();
    renderMenu();
    await waitFor(() => expect(calls.map((c) => c.cmd)).toContain("pending_update"));
    expect(screen.queryByTestId("update-dialog")).not.toBeInTheDocument();
    await emitUpdateAvailable(UPDATE);
    const dialog = await screen.findByTestId("update-dialog");
    expect(dialog).toHaveTextContent("Lode 0.2.0 is available");
    expect(dialog).toHaveTextContent("You have 0.1.0.");
    expect(dialog).toHaveTextContent("Released");
    const notes = within(dialog).getByTestId("update-notes");
    expect(notes.textContent).toBe(UPDATE.notes);
    expect(dialog.querySelector("img")).toBeNull();
    expect(installs(calls)).toHaveLength(0);
    // An Enter meant for the window behind must not install: focus starts on Later.
    expect(within(dialog).getByTestId("update-later")).toHaveFocus();
  });

  it("offers an update the start-up check found before the window listened", async () => {
    ipc({ pending_update: () => UPDATE });
    renderMenu();
    const dialog = await screen.findByTestId("update-dialog");
    expect(dialog).toHaveTextContent("Lode 0.2.0 is available");
  });

  it("installs after the click, showing the download's progress, then offers Restart", async () => {
    const finish = deferred<null>();
    let send: (progress: DownloadProgress) => void = () => undefined;
    const calls = ipc({
      check_for_updates: () => ({ currentVersion: "0.1.0", update: UPDATE }),
      install_update: (args) => {
        const channel = args.onProgress as { onmessage: (progress: DownloadProgress) => void };
        send = (progress) => channel.onmessage(progress);
        return finish.promise;
      },
    });
    const user = renderMenu();
    const dialog = await checkFromMenu(user);
    await user.click(await within(dialog).findByTestId("update-install"));
    expect(installs(calls)).toHaveLength(1);
    const status = within(dialog).getByTestId("update-status");
    // Nothing can close the dialog while the install runs.
    expect(within(dialog).getByTestId("update-later")).toBeDisabled();
    await act(async () => {
      send({ downloaded: 512, total: 2048 });
      await Promise.resolve();
    });
    expect(status).toHaveTextContent("Downloading Lode 0.2.0… 25%");
    await act(async () => {
      send({ downloaded: 4096 });
      await Promise.resolve();
    });
    expect(status).toHaveTextContent(/Downloading Lode 0\.2\.0… 4\.1\s?kB/);
    await act(async () => {
      send({ downloaded: 2048, total: 2048 });
      await Promise.resolve();
    });
    expect(status).toHaveTextContent("Installing Lode 0.2.0…");
    await act(async () => {
      finish.resolve(null);
      await finish.promise;
    });
    expect(status).toHaveTextContent("Lode 0.2.0 is installed. Restart Lode to use it.");
    await user.click(within(dialog).getByTestId("update-restart"));
    expect(calls.map((c) => c.cmd)).toContain("restart_lode");
  });

  const installFailures: LodeError[] = [
    {
      code: "updateSignature",
      message: "The update's signature does not match Lode's release key; nothing was installed.",
    },
    {
      code: "updateIncomplete",
      message: "The download of Lode 0.2.0 was incomplete (4.1 kB of 10.0 kB); nothing was installed.",
    },
    { code: "updateInstall", message: "The system's package manager could not install Lode 0.2.0; the running version keeps working." },
    { code: "timeout", message: "The update server did not answer within 30 s; nothing was installed." },
  ];
  const titles: Record<string, string> = {
    updateSignature: "The update is not signed with Lode's release key",
    updateIncomplete: "The update's download was incomplete",
    updateInstall: "The update could not be installed",
    timeout: "The server did not answer in time",
    updateFeed: "The update feed could not be read",
    updateNoPackage: "No update package for this system",
    updatesOff: "Update checks are turned off",
  };

  it.each(installFailures)("shows a failed install ($code) and can be closed", async (failure) => {
    const calls = ipc({
      check_for_updates: () => ({ currentVersion: "0.1.0", update: UPDATE }),
      install_update: () => Promise.reject(failure),
    });
    const user = renderMenu();
    const dialog = await checkFromMenu(user);
    await user.click(await within(dialog).findByTestId("update-install"));
    const status = within(dialog).getByTestId("update-status");
    await waitFor(() => expect(status).toHaveTextContent(failure.message));
    expect(status).toHaveTextContent(titles[failure.code] ?? "");
    expect(within(dialog).queryByTestId("update-restart")).not.toBeInTheDocument();
    expect(installs(calls)).toHaveLength(1);
    await user.click(within(dialog).getByTestId("update-later"));
    expect(screen.queryByTestId("update-dialog")).not.toBeInTheDocument();
  });

  const checkFailures: LodeError[] = [
    { code: "timeout", message: "The update server did not answer within 8 s.", detail: "feed: http://127.0.0.1:9/latest.json" },
    { code: "updateFeed", message: "The update feed is not valid JSON." },
    { code: "updateNoPackage", message: "The latest release of Lode has no package for this system." },
    { code: "updatesOff", message: "Update checks are turned off on this installation (LODE_UPDATE_FEED=off)." },
  ];

  it.each(checkFailures)("shows a failed check ($code) and closes with Escape", async (failure) => {
    ipc({ check_for_updates: () => Promise.reject(failure) });
    const user = renderMenu();
    const dialog = await checkFromMenu(user);
    const status = within(dialog).getByTestId("update-status");
    await waitFor(() => expect(status).toHaveTextContent(failure.message));
    expect(status).toHaveTextContent(titles[failure.code] ?? "");
    expect(within(dialog).queryByTestId("update-install")).not.toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByTestId("update-dialog")).not.toBeInTheDocument();
  });

  it("drops the answer of a check the person closed", async () => {
    const answer = deferred<unknown>();
    ipc({ check_for_updates: () => answer.promise });
    const user = renderMenu();
    const dialog = await checkFromMenu(user);
    expect(within(dialog).getByTestId("update-status")).toHaveTextContent("Checking for updates…");
    await user.click(within(dialog).getByTestId("update-later"));
    await act(async () => {
      answer.resolve({ currentVersion: "0.1.0", update: UPDATE });
      await answer.promise;
    });
    expect(screen.queryByTestId("update-dialog")).not.toBeInTheDocument();
  });
});
