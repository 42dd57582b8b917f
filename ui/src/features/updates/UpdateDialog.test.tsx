import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { I18nProvider, type Locale } from "../../i18n";
import type { DownloadProgress, ErrorCode, LodeError, UpdateFailure, UpdateInfo } from "../../ipc";
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
  it("is a named button that opens from the keyboard with Connect an assistant…, Check for updates…, Update feed…, Listing limits… and About Lode", async () => {
    ipc();
    const user = renderMenu();
    const button = screen.getByRole("button", { name: "Lode menu" });
    expect(button).toHaveAttribute("aria-haspopup", "menu");
    button.focus();
    await user.keyboard("{ArrowDown}");
    const items = within(screen.getByRole("menu", { name: "Lode menu" })).getAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(["Connect an assistant…", "Check for updates…", "Update feed…", "Listing limits…", "About Lode"]);
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

  /** A failure as Rust sends it: a code and the facts of its step, never words. */
  const failure = (code: ErrorCode, facts: Omit<UpdateFailure, "step" | "reason"> & Pick<UpdateFailure, "step" | "reason">): LodeError => ({
    code,
    message: `update ${facts.step}: ${facts.reason}`,
    facts: { kind: "update", ...facts },
  });

  interface Worded {
    error: LodeError;
    en: string;
    zh: string;
  }

  const installFailures: Worded[] = [
    {
      error: failure("updateSignature", { step: "download", reason: "signature", version: "0.2.0", received: 20, total: 20 }),
      en: "The update's signature does not match Lode's release key; nothing was installed.",
      zh: "更新的签名与 Lode 的发布密钥不符；未安装任何内容。",
    },
    {
      error: failure("updateIncomplete", { step: "download", reason: "incomplete", version: "0.2.0", received: 4096, total: 10_000 }),
      en: "The download of Lode 0.2.0 was incomplete (4.1 kB of 10 kB); nothing was installed.",
      zh: "Lode 0.2.0 的下载不完整（4.1 kB / 10 kB）；未安装任何内容。",
    },
    {
      error: failure("updateIncomplete", { step: "download", reason: "stalled", version: "0.2.0", received: 500, timeoutSecs: 30 }),
      en: "The download of Lode 0.2.0 was incomplete (500 bytes received): the server stopped sending for 30 s; nothing was installed.",
      zh: "Lode 0.2.0 的下载不完整（已接收 500字节）：服务器已停止发送 30 秒；未安装任何内容。",
    },
    {
      error: failure("updateFeed", { step: "download", reason: "refused", version: "0.2.0", received: 0 }),
      en: "The server refused the download of Lode 0.2.0; nothing was installed.",
      zh: "服务器拒绝了 Lode 0.2.0 的下载；未安装任何内容。",
    },
    {
      error: failure("updateInstall", { step: "install", reason: "packageManager", version: "0.2.0" }),
      en: "The system's package manager could not install Lode 0.2.0; the running version keeps working.",
      zh: "系统的软件包管理器无法安装 Lode 0.2.0；当前版本仍可继续使用。",
    },
    {
      error: failure("updateInstall", { step: "install", reason: "notAuthorized", version: "0.2.0" }),
      en: "Installing Lode 0.2.0 needs an administrator's password, and none was given; nothing was installed.",
      zh: "安装 Lode 0.2.0 需要管理员密码，但未提供；未安装任何内容。",
    },
    {
      error: failure("timeout", { step: "download", reason: "timeout", version: "0.2.0", received: 0, timeoutSecs: 30 }),
      en: "The update server did not answer within 30 s; nothing was installed.",
      zh: "更新服务器在 30 秒内没有响应；未安装任何内容。",
    },
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

  it.each(installFailures)("words a failed install ($error.code, $error.facts.reason) and can be closed", async ({ error, en }) => {
    const calls = ipc({
      check_for_updates: () => ({ currentVersion: "0.1.0", update: UPDATE }),
      install_update: () => Promise.reject(error),
    });
    const user = renderMenu();
    const dialog = await checkFromMenu(user);
    await user.click(await within(dialog).findByTestId("update-install"));
    const status = within(dialog).getByTestId("update-status");
    await waitFor(() => expect(status).toHaveTextContent(en));
    expect(status).toHaveTextContent(titles[error.code] ?? "");
    // Rust's message is for the log, not the person.
    expect(status).not.toHaveTextContent(error.message);
    expect(within(dialog).queryByTestId("update-restart")).not.toBeInTheDocument();
    expect(installs(calls)).toHaveLength(1);
    await user.click(within(dialog).getByTestId("update-later"));
    expect(screen.queryByTestId("update-dialog")).not.toBeInTheDocument();
  });

  const checkFailures: Worded[] = [
    {
      error: { ...failure("timeout", { step: "check", reason: "timeout", timeoutSecs: 8, feed: "http://127.0.0.1:9/latest.json" }), detail: "feed: http://127.0.0.1:9/latest.json" },
      en: "The update server did not answer within 8 s.",
      zh: "更新服务器在 8 秒内没有响应。",
    },
    {
      error: failure("updateFeed", { step: "check", reason: "notJson" }),
      en: "The update feed is not valid JSON.",
      zh: "更新源不是有效的 JSON。",
    },
    {
      error: failure("updateFeed", { step: "check", reason: "unreachable" }),
      en: "Could not reach the update server.",
      zh: "无法连接更新服务器。",
    },
    {
      error: failure("updateNoPackage", { step: "check", reason: "noPackage", targets: ["linux-x86_64-deb", "linux-x86_64"] }),
      en: "The latest release of Lode has no package for this system (looked for: linux-x86_64-deb, linux-x86_64).",
      zh: "Lode 的最新版本没有适用于此系统的安装包（查找的平台：linux-x86_64-deb, linux-x86_64）。",
    },
    {
      error: failure("updatesOff", { step: "check", reason: "off" }),
      en: "Update checks are turned off.",
      zh: "更新检查已关闭。",
    },
    {
      error: failure("updatesOff", { step: "check", reason: "noFeed" }),
      en: "This build has no update feed; set one in Settings (Update feed… in the menu).",
      zh: "此版本没有更新源；请在设置中指定一个（菜单中的“更新源…”）。",
    },
  ];

  it.each(checkFailures)("words a failed check ($error.code, $error.facts.reason) and closes with Escape", async ({ error, en }) => {
    ipc({ check_for_updates: () => Promise.reject(error) });
    const user = renderMenu();
    const dialog = await checkFromMenu(user);
    const status = within(dialog).getByTestId("update-status");
    await waitFor(() => expect(status).toHaveTextContent(en));
    expect(status).toHaveTextContent(titles[error.code] ?? "");
    expect(within(dialog).queryByTestId("update-install")).not.toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByTestId("update-dialog")).not.toBeInTheDocument();
  });

  it.each([...checkFailures, ...installFailures])("words $error.facts.step $error.facts.reason in Chinese", async ({ error, zh }) => {
    ipc({ check_for_updates: () => Promise.reject(error) });
    const user = renderMenu("zh-CN");
    await user.click(screen.getByTestId("app-menu"));
    await user.click(screen.getByTestId("menu-check-updates"));
    const dialog = await screen.findByTestId("update-dialog");
    await waitFor(() => expect(within(dialog).getByTestId("update-status")).toHaveTextContent(zh));
  });

  it("shows a failure without facts as Rust's message", async () => {
    ipc({ check_for_updates: () => Promise.reject({ code: "internal", message: "the pending update's lock is poisoned" }) });
    const user = renderMenu();
    const dialog = await checkFromMenu(user);
    await waitFor(() => expect(within(dialog).getByTestId("update-status")).toHaveTextContent("the pending update's lock is poisoned"));
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
