import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { JSON_CHILD_PAGE } from "./JsonTree";
import { JsonView } from "./JsonView";
import { renderWithI18n } from "../../test/renderWithI18n";

describe("JSON", () => {
  it("reads as the pretty-printed document", () => {
    const value = { theme: "light", size: 3, tags: ["a", "b"], empty: {}, none: null, nested: { ok: true } };
    renderWithI18n(<JsonView text={JSON.stringify(value)} />);
    expect(screen.getByTestId("preview-text").textContent).toBe(JSON.stringify(value, null, 2));
  });

  it("folds objects and arrays from the keyboard", async () => {
    const user = userEvent.setup();
    renderWithI18n(<JsonView text='{"list":[1,2,3],"name":"x"}' />);
    const fold = screen.getByRole("button", { name: "Collapse list, 3 items" });
    expect(fold).toHaveAttribute("aria-expanded", "true");
    fold.focus();
    await user.keyboard("{Enter}");
    const unfold = screen.getByRole("button", { name: "Expand list, 3 items" });
    expect(unfold).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByTestId("preview-text").textContent).toBe('{\n  "list": […] 3 items,\n  "name": "x"\n}');
    await user.keyboard(" ");
    expect(screen.getByTestId("preview-text").textContent).toContain('"list": [\n    1,\n    2,\n    3\n  ]');
  });

  it("opens a large document one level and a page of children at a time", async () => {
    const user = userEvent.setup();
    const big = Array.from({ length: 250 }, (_, i) => ({ id: i, tags: ["x"] }));
    renderWithI18n(<JsonView text={JSON.stringify(big)} />);
    const tree = screen.getByTestId("preview-text");
    const folded = () => tree.querySelectorAll('button[aria-expanded="false"]');
    // Only the root is open: its first page of items, each folded.
    expect(folded()).toHaveLength(JSON_CHILD_PAGE);
    expect(folded()[0]).toHaveAccessibleName("Expand item, 2 keys");
    await user.click(within(tree).getByText("Show 100 more (150 not shown)"));
    await user.click(within(tree).getByText("Show 50 more (50 not shown)"));
    expect(folded()).toHaveLength(250);
    expect(within(tree).queryByText(/^Show \d+ more/)).toBeNull();
  });

  it("shows hostile strings as escaped, inert text", () => {
    const hostile = { "<script>": "<img src=x onerror=alert(1)>\u202E\u0000", long: "x".repeat(5000) };
    const { container } = renderWithI18n(<JsonView text={JSON.stringify(hostile)} />);
    const text = screen.getByTestId("preview-text").textContent;
    expect(text).toContain('"<script>": "<img src=x onerror=alert(1)>⟨U+202E⟩\\u0000"');
    expect(text).toContain(`"${"x".repeat(1000)}…"`);
    expect(container.querySelector("script, img")).toBeNull();
  });

  it("shows text that does not parse as text, saying why", () => {
    renderWithI18n(<JsonView text="{nope" />);
    expect(screen.getByText(/^Not valid JSON/)).toBeInTheDocument();
    expect(screen.getByTestId("preview-text")).toHaveTextContent("{nope");
  });

  it("switches to the raw text", async () => {
    const user = userEvent.setup();
    renderWithI18n(<JsonView text='{"a":[1]}' />);
    await user.click(screen.getByRole("button", { name: "Text" }));
    expect(screen.getByRole("button", { name: "Text" })).toHaveAttribute("aria-pressed", "true");
    expect((await screen.findByTestId("preview-text")).textContent).toBe('{\n  "a": [\n    1\n  ]\n}');
  });
});
