import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { I18nProvider, type Locale } from "../../i18n";
import type { ServerInfo } from "../../ipc";
import { demoConnection, legacyInfo, listedStatus } from "../../test/fixtures";
import { installIpc, type IpcCall } from "../../test/ipc-mock";
import { BrowseEmpty } from "./BrowseEmpty";
import { INITIAL_FILTERS } from "./browseQuery";

/** The browser narrowed to Demo, which listed nothing; its handshake is `info`. */
function renderEmptyDemo(info: ServerInfo, locale: Locale = "en"): IpcCall[] {
  const calls = installIpc({ server_info: () => info });
  const { servers } = listedStatus(1, [[demoConnection, 0]]);
  render(
    <I18nProvider defaultLocale={locale}>
      <BrowseEmpty servers={servers} indexed={0} filters={{ ...INITIAL_FILTERS, only: "Demo" }} onClear={vi.fn()} />
    </I18nProvider>,
  );
  return calls;
}

const withoutResources: ServerInfo = {
  ...legacyInfo,
  capabilities: { ...legacyInfo.capabilities, resources: false, tools: true },
};

describe("BrowseEmpty", () => {
  it("says a server that did not declare resources offers none", async () => {
    const calls = renderEmptyDemo(withoutResources);
    expect(await screen.findByText("This server offers no resources.")).toBeInTheDocument();
    expect(screen.queryByText("Demo lists no resources.")).not.toBeInTheDocument();
    expect(calls).toContainEqual({ cmd: "server_info", args: { connectionId: demoConnection.id } });
  });

  it("says so in Simplified Chinese too", async () => {
    renderEmptyDemo(withoutResources, "zh-CN");
    expect(await screen.findByText("此服务器不提供任何资源。")).toBeInTheDocument();
  });

  it("keeps 'lists no resources' for a server that offers resources and lists none", async () => {
    const calls = renderEmptyDemo(legacyInfo);
    expect(await screen.findByText("Demo lists no resources.")).toBeInTheDocument();
    await vi.waitFor(() => expect(calls.some((call) => call.cmd === "server_info")).toBe(true));
    expect(screen.queryByText("This server offers no resources.")).not.toBeInTheDocument();
  });
});
