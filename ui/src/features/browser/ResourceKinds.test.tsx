import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../i18n";
import type { Facets, IndexRow } from "../../ipc";
import { INITIAL_FILTERS, listQuery } from "./browseQuery";
import { FacetBar } from "./FacetBar";
import { facetsKey } from "./useFacets";
import { ListRow } from "./ListRow";

const facets = (kinds: Facets["kinds"]): Facets => ({
  total: 7,
  unfiltered: 7,
  servers: [],
  mimeFamilies: [],
  schemes: [],
  audiences: [],
  kinds,
});

describe("apps as a kind of resource", () => {
  it("offers a kind facet when the matches are of more than one kind, and filters by it", async () => {
    const onChange = vi.fn();
    render(
      <I18nProvider defaultLocale="en">
        <FacetBar
          answer={{ key: facetsKey(INITIAL_FILTERS), facets: facets([{ kind: "resource", count: 5 }, { kind: "app", count: 2 }]) }}
          filters={INITIAL_FILTERS}
          onChange={onChange}
          onClearFilters={vi.fn()}
        />
      </I18nProvider>,
    );
    const group = screen.getByTestId("facet-kind");
    await userEvent.click(screen.getByRole("button", { name: /^App/ }));
    expect(onChange).toHaveBeenCalledWith({ kind: "app" });
    expect(group).toHaveTextContent("Resource");
    // The kind goes to Rust with the question.
    expect(listQuery({ ...INITIAL_FILTERS, kind: "app" }, 0, 10).kind).toBe("app");
  });

  it("offers no kind facet when every match is a plain resource", () => {
    render(
      <I18nProvider defaultLocale="en">
        <FacetBar
          answer={{ key: facetsKey(INITIAL_FILTERS), facets: facets([{ kind: "resource", count: 7 }]) }}
          filters={INITIAL_FILTERS}
          onChange={vi.fn()}
          onClearFilters={vi.fn()}
        />
      </I18nProvider>,
    );
    expect(screen.queryByTestId("facet-kind")).toBeNull();
  });

  it("badges an app's row, and no other", () => {
    const item = { server: "Clock", uri: "ui://clock/app.html", name: "clock", mimeType: "text/html;profile=mcp-app", annotations: {} };
    const row = (kind: IndexRow["kind"]): IndexRow => ({ item, kind, nameMatches: [], uriMatches: [], descriptionMatches: [] });
    const app = render(
      <I18nProvider defaultLocale="zh-CN">
        <ListRow row={row("app")} selected={false} />
      </I18nProvider>,
    );
    expect(app.getByRole("img", { name: "应用：交互式视图（MCP Apps）" })).toHaveTextContent("应用");
    app.unmount();
    const plain = render(
      <I18nProvider defaultLocale="en">
        <ListRow row={row("resource")} selected={false} />
      </I18nProvider>,
    );
    expect(plain.queryByTestId("kind-badge")).toBeNull();
  });
});
