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

/** `set_roots` as Lode answers it: the list as kept, or the typed error for a bad path. */
function keepRoots(roots: unknown) {
  const list = roots as string[];
  const bad = list.find((path) => !path.startsWith("/"));
  if (bad !== undefined) return Promise.reject({ code: "invalidInput", message: `roots: "${bad}" is not an absolute path` });
  return [...new Set(list)];
}

describe("RootsSection", () => {
  it("offers no folder by default, adds a typed one and removes it", async () => {
    const calls = installIpc({ set_roots: ({ roots }) => keepRoots(roots) });
    const user = userEvent.setup();
    renderRoots();
    expect(screen.getByTestId("roots-none")).toHaveTextContent("No folders offered.");
    expect(screen.getByTestId("roots")).toHaveTextContent("without reconnecting");

    await user.type(screen.getByTestId("root-path"), "/home/me/my project");
    await user.click(screen.getByTestId("root-add"));
    await waitFor(() => expect(screen.getAllByTestId("root")).toHaveLength(1));
    expect(screen.getByTestId("root")).toHaveTextContent("/home/me/my project");
    expect(screen.getByTestId("root-path")).toHaveValue("");
    expect(calls.find((c) => c.cmd === "set_roots")?.args).toEqual({ connectionId: demoConnection.id, roots: ["/home/me/my project"] });

    await user.click(within(screen.getByTestId("root")).getByRole("button", { name: "Remove" }));
    await screen.findByTestId("roots-none");
    expect(calls.filter((c) => c.cmd === "set_roots").at(-1)?.args).toEqual({ connectionId: demoConnection.id, roots: [] });
  });

  it("adds the folder picked in the system's dialog, and nothing when it is cancelled", async () => {
    let picked: string | null = "/home/me/notes";
    const calls = installIpc({
      choose_root_folder: () => picked,
      set_roots: ({ roots }) => keepRoots(roots),
    });
    const user = userEvent.setup();
    renderRoots({ ...demoConnection, settings: { ...demoConnection.settings, roots: ["/srv/data"] } });
    expect(screen.getByTestId("root")).toHaveTextContent("/srv/data");

    await user.click(screen.getByRole("button", { name: "Choose folder…" }));
    await waitFor(() => expect(screen.getAllByTestId("root")).toHaveLength(2));
    expect(screen.getAllByTestId("root")[1]).toHaveTextContent("/home/me/notes");
    expect(calls.find((c) => c.cmd === "set_roots")?.args).toEqual({ connectionId: demoConnection.id, roots: ["/srv/data", "/home/me/notes"] });

    picked = null;
    await user.click(screen.getByTestId("root-choose"));
    await waitFor(() => expect(calls.filter((c) => c.cmd === "choose_root_folder")).toHaveLength(2));
    expect(calls.filter((c) => c.cmd === "set_roots")).toHaveLength(1);
    expect(screen.getAllByTestId("root")).toHaveLength(2);
  });

  it("shows Lode's typed error for a bad path and keeps the list as it was", async () => {
    installIpc({ set_roots: ({ roots }) => keepRoots(roots) });
    const user = userEvent.setup();
    renderRoots();
    await user.type(screen.getByTestId("root-path"), "relative/folder");
    await user.click(screen.getByTestId("root-add"));
    expect(await screen.findByRole("alert")).toHaveTextContent('"relative/folder" is not an absolute path');
    expect(screen.getByTestId("roots-none")).toBeInTheDocument();
    expect(screen.getByTestId("root-path")).toHaveValue("relative/folder");
  });

  it("speaks Simplified Chinese", () => {
    installIpc({});
    renderRoots(demoConnection, "zh-CN");
    expect(screen.getByRole("button", { name: "选择文件夹…" })).toBeInTheDocument();
    expect(screen.getByTestId("roots")).toHaveTextContent("无需重新连接");
  });
});
