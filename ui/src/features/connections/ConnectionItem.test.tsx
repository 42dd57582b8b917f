import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { I18nProvider, type Locale } from "../../i18n";
import type { ConnectionStatus, Connection, TransportSpec } from "../../ipc";
import { demoConnection } from "../../test/fixtures";
import { ConnectionItem } from "./ConnectionItem";

const demo: Connection = demoConnection;

const lost = { code: "transportClosed", message: "the server process exited" } as const;

function renderItem(status: ConnectionStatus | undefined, locale: Locale = "en", connection = demo) {
  return renderWithUnmount(status, locale, connection).item;
}

function renderWithUnmount(status: ConnectionStatus | undefined, locale: Locale, connection: Connection) {
  const { unmount } = render(
    <I18nProvider defaultLocale={locale}>
      <ul>
        <ConnectionItem connection={connection} status={status} selected={false} onSelect={() => undefined} />
      </ul>
    </I18nProvider>,
  );
  return { item: screen.getByTestId("connection-item"), unmount };
}

const STATES: [ConnectionStatus, string, string][] = [
  [{ state: "connecting" }, "Connecting…", "正在连接…"],
  [{ state: "ready" }, "Ready", "就绪"],
  [
    { state: "reconnecting", attempt: 2, retryInMs: 4000, error: lost },
    "Reconnecting (attempt 2, in 4 s): the server process exited",
    "正在重新连接（第 2 次尝试，4 秒后）：the server process exited",
  ],
  [{ state: "authRequired", challenge: 'Bearer realm="mcp"' }, "Needs authorization", "需要授权"],
  [
    { state: "failed", error: { code: "spawnFailed", message: "no such file: lode-demo-server" } },
    "Failed: no such file: lode-demo-server",
    "失败：no such file: lode-demo-server",
  ],
  [{ state: "stopped" }, "Stopped", "已停止"],
];

describe("ConnectionItem", () => {
  describe.each([
    ["en", 1],
    ["zh-CN", 2],
  ] as const)("in %s", (locale, column) => {
    it.each(STATES)("shows %j on its dot", (status, ...labels) => {
      const label = labels[column - 1] ?? "";
      const item = renderItem(status, locale);
      expect(item).toHaveAttribute("data-status", status.state);
      const dot = within(item).getByRole("img", { name: label });
      expect(dot).toHaveAttribute("title", label);
      expect(dot).toHaveClass("connection-item__dot", `connection-item__dot--${status.state}`);
      // The status is part of what the button announces; the visible text is unchanged.
      expect(screen.getByRole("button", { name: new RegExp(`^${escape(label)} Demo`) })).toBe(item);
      expect(item).toHaveTextContent("Demo");
      expect(item).not.toHaveTextContent(label);
    });
  });

  it("formats the retry delay in the reader's language", () => {
    const dot = within(
      renderItem({ state: "reconnecting", attempt: 12, retryInMs: 1500, error: lost }),
    ).getByRole("img");
    expect(dot).toHaveAccessibleName("Reconnecting (attempt 12, in 1.5 s): the server process exited");
  });

  it("shows a neutral, unlabelled dot while the status is unknown", () => {
    const item = renderItem(undefined);
    expect(item).not.toHaveAttribute("data-status");
    expect(within(item).queryByRole("img")).toBeNull();
    const dot = item.querySelector(".connection-item__dot");
    expect(dot).toHaveAttribute("aria-hidden", "true");
    expect(dot).not.toHaveAttribute("title");
  });

  it.each<[TransportSpec, string, string]>([
    [{ kind: "stdio", command: "npx", args: ["-y", "my server"] }, "stdio", 'npx -y "my server"'],
    [{ kind: "http", url: "https://mcp.example.com/mcp" }, "HTTP", "https://mcp.example.com/mcp"],
    [{ kind: "sse", url: "https://mcp.example.com/sse" }, "SSE", "https://mcp.example.com/sse"],
    [{ kind: "rest", url: "https://api.example.com/v1", headers: { accept: "json" } }, "REST", "https://api.example.com/v1"],
  ])("labels a %j transport and shows its target", (transport, kind, target) => {
    for (const locale of ["en", "zh-CN"] as const) {
      const { item, unmount } = renderWithUnmount({ state: "ready" }, locale, { ...demo, transport });
      const badge = item.querySelector(".connection-item__kind");
      expect(badge).toHaveTextContent(kind);
      expect(badge).toHaveAttribute(
        "title",
        locale === "en" ? `Transport: ${kind}` : `传输方式：${kind}`,
      );
      const shown = item.querySelector(".connection-item__target");
      expect(shown).toHaveTextContent(target);
      expect(shown).toHaveAttribute("title", target);
      unmount();
    }
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
