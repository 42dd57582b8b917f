// The one annotations list in each place a resource appears: alone, in the preview header, in
// a basket item (kept vs now), in the templates list, and on the content blocks of a tool result.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BasketItem, ContentBlock, ResourceItem, ResourceTemplate } from "../../ipc";
import { installIpc } from "../../test/ipc-mock";
import { BasketItemRow } from "../basket/BasketItemRow";
import { AnswerBlock } from "../catalog";
import { PreviewPane } from "../preview";
import { renderWithI18n } from "../../test/renderWithI18n";
import { TemplatesList } from "../templates";
import { Annotations } from "./Annotations";

const noop = () => undefined;
const ANNOTATIONS = { audience: ["user" as const, "assistant" as const], priority: 0.8, lastModified: "2026-11-20T10:00:00Z" };

/** Each entry of a list as "label: text", in order. */
function entries(list: HTMLElement): string[] {
  return within(list)
    .getAllByRole("term")
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent ?? ""}`);
}

describe("the annotations list", () => {
  it("is a named group of labelled values, with text beside every icon", () => {
    renderWithI18n(<Annotations of="Report" annotations={ANNOTATIONS} size={2048} mimeType="text/markdown" title="Report" name="report.md" />);
    const group = screen.getByRole("group", { name: "Annotations of Report" });
    expect(entries(group)).toEqual([
      "Audience: User and assistant",
      expect.stringMatching(/^Priority: 0\.8/),
      expect.stringMatching(/^Modified: /),
      "Size: 2 kB",
      "Type: text/markdown",
      "Name: report.md",
    ]);
    // The audience icons and the priority meter are named too, not colour or shape only.
    expect(within(group).getByRole("img", { name: "For the user" })).toBeInTheDocument();
    expect(within(group).getByRole("img", { name: "Priority 0.8 (0 to 1)" })).toBeInTheDocument();
  });

  it("lists nothing, not an empty box, when there is nothing to say; the name only when a title hides it", () => {
    const { container } = renderWithI18n(<Annotations of="x" annotations={{}} title="same" name="same" />);
    expect(container).toBeEmptyDOMElement();
  });

  it("speaks Chinese", () => {
    renderWithI18n(<Annotations of="报告" annotations={{ audience: ["assistant"] }} />, "zh-CN");
    expect(entries(screen.getByRole("group", { name: "报告 的注解" }))).toEqual(["受众: 助手"]);
  });
});

describe("where a resource appears", () => {
  it("the preview header lists the opened resource's annotations, size, type and name", () => {
    installIpc({ read_resource_streamed: () => new Promise(() => undefined), subscribe_resource: () => false, unsubscribe_resource: () => null });
    const resource: ResourceItem = {
      server: "Demo",
      uri: "demo://report",
      name: "report.md",
      title: "Quarterly report",
      mimeType: "text/markdown",
      size: 1024,
      annotations: ANNOTATIONS,
    };
    renderWithI18n(<PreviewPane connectionId={1} resource={resource} />);
    const header = screen.getByTestId("preview-annotations");
    expect(header).toHaveAccessibleName("Annotations of Quarterly report");
    expect(entries(header)).toEqual([
      "Audience: User and assistant",
      expect.stringMatching(/^Priority: /),
      expect.stringMatching(/^Modified: /),
      "Size: 1 kB",
      "Type: text/markdown",
      "Name: report.md",
    ]);
  });

  const item = (annotations: BasketItem["annotations"]): BasketItem => ({
    id: 7,
    kind: "resource",
    server: "Demo",
    uri: "demo://report",
    name: "report.md",
    title: "Report",
    mimeType: "text/markdown",
    annotations,
    contents: [],
    fetchedAt: "2026-11-20T10:00:00Z",
    stale: false,
    bytes: 10,
    tokens: 3,
  });
  const row = (basketItem: BasketItem) => (
    <ul>
      <BasketItemRow item={basketItem} index={0} count={1} busy={false} onMove={noop} onRemove={noop} onRefresh={noop} onNote={noop} />
    </ul>
  );

  it("a basket item shows the annotations kept when added, and both when the listing now says otherwise", async () => {
    const calls = installIpc({ current_annotations: () => [{ audience: ["assistant"], priority: 0.2 }] });
    renderWithI18n(row(item({ audience: ["user"], priority: 0.9 })));
    const changed = await screen.findByTestId("basket-item-annotations-changed");
    expect(changed).toHaveTextContent("The annotations changed since this item was added");
    expect(entries(within(changed).getByTestId("basket-item-annotations"))).toEqual([
      "Audience: User",
      expect.stringMatching(/^Priority: 0\.9/),
      "Type: text/markdown",
      "Name: report.md",
    ]);
    expect(entries(within(changed).getByTestId("basket-item-annotations-now"))).toEqual([
      "Audience: Assistant",
      expect.stringMatching(/^Priority: 0\.2/),
    ]);
    expect(calls.filter((c) => c.cmd === "current_annotations")).toEqual([
      { cmd: "current_annotations", args: { keys: [{ server: "Demo", uri: "demo://report" }] } },
    ]);
  });

  it("a basket item whose annotations did not change (or whose resource is not listed) shows them once", async () => {
    const calls = installIpc({ current_annotations: () => [{ priority: 0.9, audience: ["user"] }] });
    renderWithI18n(row(item({ audience: ["user"], priority: 0.9 })));
    await waitFor(() => expect(calls.some((c) => c.cmd === "current_annotations")).toBe(true));
    expect(screen.getByTestId("basket-item-annotations")).toHaveAccessibleName("Annotations of Report");
    expect(screen.queryByTestId("basket-item-annotations-changed")).toBeNull();
  });

  it("the templates list shows each template's annotations", async () => {
    const template: ResourceTemplate = {
      server: "Demo",
      uriTemplate: "demo://logs/{day}",
      name: "logs",
      title: "Logs by day",
      mimeType: "text/plain",
      annotations: { audience: ["assistant"], priority: 0.5 },
    };
    installIpc({ list_templates: () => [template] });
    renderWithI18n(<TemplatesList connectionId={1} />);
    const list = await screen.findByTestId("template-annotations");
    expect(list).toHaveAccessibleName("Annotations of Logs by day");
    expect(entries(list)).toEqual(["Audience: Assistant", expect.stringMatching(/^Priority: 0\.5/), "Type: text/plain"]);
  });

  it("each content block of a tool result shows its annotations and, on demand, its _meta", () => {
    const blocks: ContentBlock[] = [
      { type: "text", text: "hello", annotations: { audience: ["user"], priority: 1 }, meta: { json: '{"trace":"t-1"}', cut: false, bytes: 15 } },
      { type: "resource_link", uri: "demo://a", name: "a.md", title: "Doc A", size: 2048, annotations: { priority: 0.3 } },
      { type: "text", text: "plain" },
    ];
    renderWithI18n(
      <>
        {blocks.map((block, index) => (
          <AnswerBlock key={index} block={block} uri="lode-tool:x" index={index} />
        ))}
      </>,
    );
    const lists = screen.getAllByTestId("block-annotations");
    expect(lists).toHaveLength(2);
    const [first, second] = lists;
    if (!first || !second) throw new Error("two lists");
    expect(lists[0]).toHaveAccessibleName("Annotations of Content item 1");
    expect(entries(first)).toEqual(["Audience: User", expect.stringMatching(/^Priority: 1/)]);
    expect(lists[1]).toHaveAccessibleName("Annotations of Doc A");
    expect(entries(second)).toEqual([expect.stringMatching(/^Priority: 0\.3/), "Size: 2 kB", "Name: a.md"]);
    // _meta folded, behind a disclosure.
    const meta = screen.getByTestId("item-meta-json");
    expect(meta).not.toHaveAttribute("open");
    expect(meta).toHaveTextContent("_meta (15 bytes)");
  });
});
