import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { I18nProvider, type Locale } from "../../i18n";
import type { Connection } from "../../ipc";
import { demoConnection, httpConnection } from "../../test/fixtures";
import { ConnectionOrigin } from "../server/ConnectionOrigin";
import { ConnectionItem } from "./ConnectionItem";
import { StdioFields } from "./StdioFields";
import { emptyForm } from "./draft";

// What older versions saved: the path of whichever build first ran the demo.
const pathDemo: Connection = {
  ...demoConnection,
  transport: { kind: "stdio", command: "/work/wt/local/target/debug/lode-demo-server", args: ["stdio"] },
};

function row(connection: Connection, locale: Locale = "en") {
  render(
    <I18nProvider defaultLocale={locale}>
      <ul>
        <ConnectionItem connection={connection} status={undefined} selected={false} onSelect={() => undefined} />
      </ul>
    </I18nProvider>,
  );
  return screen.getByTestId("connection-item");
}

describe("the built-in demo", () => {
  it("is labelled as Lode's built-in demo in its row, not by a command or path", () => {
    const item = row(demoConnection);
    expect(item).toHaveTextContent("Built-in demo");
    expect(item).not.toHaveTextContent("lode-demo-server");
    expect(item.querySelector(".connection-item__target")).toHaveAttribute("title", expect.stringContaining("Lode's own demo server"));
  });

  it("says so in Chinese", () => {
    expect(row(demoConnection, "zh-CN")).toHaveTextContent("内置演示");
  });

  it("leaves other connections' commands and URLs as they are", () => {
    expect(row(pathDemo)).toHaveTextContent("/work/wt/local/target/debug/lode-demo-server stdio");
  });

  it("is named in the editor and in the server details", () => {
    const form = { ...emptyForm(), kind: "stdio" as const, command: "lode-demo-server", args: "stdio" };
    render(
      <I18nProvider defaultLocale="en">
        <StdioFields form={form} update={() => undefined} errorsOf={() => []} />
        <ConnectionOrigin connection={demoConnection} />
        <ConnectionOrigin connection={httpConnection} />
      </I18nProvider>,
    );
    expect(screen.getByTestId("connection-built-in")).toHaveTextContent("Built-in demo — This is Lode's built-in demo");
    expect(screen.getByTestId("server-built-in")).toHaveTextContent("Built-in demo");
    // One origin only: the HTTP connection is not the demo (and has never connected).
    expect(screen.getAllByTestId("server-origin")).toHaveLength(1);
  });
});
