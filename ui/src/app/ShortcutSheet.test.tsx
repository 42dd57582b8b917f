import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { I18nProvider, type Locale } from "../i18n";
import { AppHeader } from "./AppHeader";
import { SHORTCUTS } from "./shortcuts";

function renderHeader(locale: Locale = "en") {
  return render(
    <I18nProvider defaultLocale={locale}>
      <div id="root">
        <AppHeader />
        <input aria-label="Search" />
      </div>
    </I18nProvider>,
  );
}

describe("the keyboard-shortcut sheet", () => {
  it("opens with ? and lists every shortcut, the other features' keys included", async () => {
    const user = userEvent.setup();
    renderHeader();
    expect(screen.queryByTestId("shortcut-sheet")).toBeNull();
    await user.keyboard("?");
    const sheet = await screen.findByRole("dialog", { name: "Keyboard shortcuts" });
    const rows = within(sheet).getAllByTestId("shortcut");
    expect(rows).toHaveLength(SHORTCUTS.length);
    const row = (id: string) => rows.find((r) => r.dataset.shortcut === id);
    // Ours, the search helper's selection keys and the drag helper's reordering keys.
    expect(row("sheet")).toHaveTextContent("?Show this list of keyboard shortcuts");
    expect(row("details")).toHaveTextContent("Ctrl+I");
    expect(row("search")).toHaveTextContent("/Go to the search box");
    expect(row("addToBasket")).toHaveTextContent(/^BAdd the checked rows to the basket/);
    expect(row("range")).toHaveTextContent("Shift+↑");
    expect(row("selectAll")).toHaveTextContent("Ctrl+A");
    expect(row("reorder")).toHaveTextContent("Alt+↑ or Alt+↓");
    expect(within(sheet).getByRole("table", { name: "Browser" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByTestId("shortcut-sheet")).toBeNull();
  });

  it("types ? into a field instead of opening", async () => {
    const user = userEvent.setup();
    renderHeader();
    const field = screen.getByRole("textbox", { name: "Search" });
    await user.click(field);
    await user.keyboard("?");
    expect(field).toHaveValue("?");
    expect(screen.queryByTestId("shortcut-sheet")).toBeNull();
  });

  it("opens from the app menu, in Chinese", async () => {
    const user = userEvent.setup();
    renderHeader("zh-CN");
    await user.click(screen.getByTestId("app-menu"));
    await user.click(await screen.findByTestId("menu-shortcuts"));
    const sheet = await screen.findByRole("dialog", { name: "键盘快捷键" });
    expect(within(sheet).getByRole("table", { name: "浏览" })).toBeInTheDocument();
    const addRow = within(sheet).getAllByTestId("shortcut").find((r) => r.dataset.shortcut === "addToBasket");
    expect(addRow).toHaveTextContent("将勾选的行加入篮子");
    const check = within(sheet).getAllByTestId("shortcut").find((r) => r.dataset.shortcut === "checkClick");
    expect(check).toHaveTextContent("Ctrl+单击");
  });
});
