import { screen, waitFor, within } from "@testing-library/react";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "../../i18n";
import type { Connection } from "../../ipc";
import { demoConnection } from "../../test/fixtures";
import { installIpc } from "../../test/ipc-mock";
import { RootsSection } from "./RootsSection";

function renderRoots(connection: Connection = demoConnection, locale: "en" | "zh-CN" = "en") {
  return render(
    <I18nProvider defaultLocale={locale}>
      <RootsSection connection={connection} />
    </I18nProvider>,
  );
}

describe("RootsSection", () => {
  it("offers no folder by default and has no field to type one: a folder comes from Lode's dialog", async () => {
    let kept: string[] = [];
    const calls = installIpc({
      add_root_folder: () => (kept = [...kept, "/home/me/my project"]),
      set_roots: ({ roots }) => (kept = roots as string[]),
    });
    const user = userEvent.setup();
    renderRoots();
    expect(screen.getByTestId("roots-none")).toHaveTextContent("No folders offered.");
    expect(screen.getByTestId("roots")).toHaveTextContent("without reconnecting");
    expect(screen.queryByRole("textbox")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Choose folder…" }));
    await waitFor(() => expect(screen.getAllByTestId("root")).toHaveLength(1));
    expect(screen.getByTestId("root")).toHaveTextContent("/home/me/my project");
    // The window names the connection only: the path stays in Rust.
    expect(calls.find((c) => c.cmd === "add_root_folder")?.args).toEqual({ connectionId: demoConnection.id });

    await user.click(within(screen.getByTestId("root")).getByRole("button", { name: "Remove" }));
    await screen.findByTestId("roots-none");
    expect(calls.filter((c) => c.cmd === "set_roots").at(-1)?.args).toEqual({ connectionId: demoConnection.id, roots: [] });
  });

  it("shows Lode's typed error and keeps the list as it was", async () => {
    installIpc({ add_root_folder: () => Promise.reject({ code: "invalidInput", message: "roots: at most 64 folders" }) });
    const user = userEvent.setup();
    renderRoots({ ...demoConnection, settings: { ...demoConnection.settings, roots: ["/srv/data"] } });
    await user.click(screen.getByTestId("root-choose"));
    expect(await screen.findByRole("alert")).toHaveTextContent("at most 64 folders");
    expect(screen.getByTestId("root")).toHaveTextContent("/srv/data");
  });

  it("speaks Simplified Chinese", () => {
    installIpc({});
    renderRoots(demoConnection, "zh-CN");
    expect(screen.getByRole("button", { name: "选择文件夹…" })).toBeInTheDocument();
    expect(screen.getByTestId("roots")).toHaveTextContent("无需重新连接");
  });
});
