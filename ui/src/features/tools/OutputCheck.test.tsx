import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "../../i18n";
import type { Connection, OutputCheck, ToolItem, ToolResult } from "../../ipc";
import { installIpc } from "../../test/ipc-mock";
import type { Baskets } from "../basket";
import { ToolsPane } from "./ToolsPane";

const TOOL: ToolItem = { name: "forecast", inputSchema: { type: "object" }, outputSchema: { type: "object" } };

const MISMATCH: OutputCheck = {
  status: "mismatch",
  total: 3,
  problems: [
    { path: "/temperature", expected: 'type: "number"', found: '"cold"', message: '"cold" is not of type "number"' },
    { path: "", expected: 'required: ["city"]', found: "{}", message: '"city" is a required property' },
  ],
};

async function callWith(outputCheck: OutputCheck | undefined, locale: "en" | "zh-CN" = "en") {
  const result: ToolResult = { content: [], structuredContent: { temperature: "cold" }, isError: false, outputCheck };
  installIpc({ list_tools: () => [TOOL], call_tool: () => result });
  render(
    <I18nProvider defaultLocale={locale}>
      <ToolsPane connection={{ id: 1, name: "S" } as Connection} baskets={{} as Baskets} />
    </I18nProvider>,
  );
  await userEvent.click(await screen.findByTestId("tool-item"));
  await userEvent.click(screen.getByTestId("tool-call"));
  await userEvent.click(await screen.findByTestId("tool-confirm-call"));
  return within(await screen.findByTestId("tool-result"));
}

describe("a tool result checked against the tool's output schema", () => {
  it("names each mismatch's path, the rule expected and the value found", async () => {
    const result = await callWith(MISMATCH);
    const check = result.getByTestId("tool-output-check");
    expect(check).toHaveAttribute("data-status", "mismatch");
    expect(check).toHaveAttribute("role", "alert");
    expect(check).toHaveTextContent("does not match the tool's output schema (3 problems)");
    const problems = result.getAllByTestId("tool-output-problem");
    expect(problems[0]).toHaveTextContent('At /temperature: expected type: "number", found "cold"');
    expect(problems[0]).toHaveTextContent('"cold" is not of type "number"');
    expect(problems[1]).toHaveTextContent('At (the whole value): expected required: ["city"], found {}');
    expect(check).toHaveTextContent("…and 1 more");
    // The structured content itself is still shown.
    expect(result.getByText("Structured content")).toBeInTheDocument();
  });

  it("says so when the schema's promised structured content is missing, in Chinese too", async () => {
    const result = await callWith({ status: "missing" }, "zh-CN");
    const check = result.getByTestId("tool-output-check");
    expect(check).toHaveAttribute("data-status", "missing");
    expect(check).toHaveTextContent("该工具声明了输出模式，但其结果没有结构化内容。");
  });

  it("shows a match quietly, an unchecked result with its reason, and nothing without a schema", async () => {
    let result = await callWith({ status: "valid" });
    expect(result.getByTestId("tool-output-check")).toHaveTextContent("Matches the tool's output schema");
    cleanup();
    result = await callWith({ status: "unchecked", reason: "schemaTooComplex", detail: "its $refs expand to more than 50000 subschemas" });
    const check = result.getByTestId("tool-output-check");
    expect(check).toHaveTextContent("Not checked against the tool's output schema: the schema's references expand too far or loop");
    expect(check).toHaveAttribute("title", "its $refs expand to more than 50000 subschemas");
    cleanup();
    result = await callWith(undefined);
    expect(result.queryByTestId("tool-output-check")).toBeNull();
  });
});
