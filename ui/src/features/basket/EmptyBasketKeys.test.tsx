import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "../../i18n";
import { EmptyBasketKeys } from "./EmptyBasketKeys";

describe("the empty basket", () => {
  it("explains the browser's keys: checking rows, B, Shift ranges and Ctrl/⌘+A with its cap", () => {
    render(
      <I18nProvider defaultLocale="en">
        <EmptyBasketKeys />
      </I18nProvider>,
    );
    const guide = screen.getByTestId("basket-empty-keys");
    expect(guide).toHaveTextContent("Space or Ctrl/⌘+click checks a row");
    expect(guide).toHaveTextContent("B adds the checked rows — or the focused row when none is checked.");
    expect(guide).toHaveTextContent("Shift+click or Shift+↑/↓ checks a range of rows.");
    expect(guide).toHaveTextContent("Ctrl/⌘+A checks every match (up to 200).");
  });

  it("in Chinese", () => {
    render(
      <I18nProvider defaultLocale="zh-CN">
        <EmptyBasketKeys />
      </I18nProvider>,
    );
    expect(screen.getByTestId("basket-empty-keys")).toHaveTextContent("B 键加入已勾选的行；没有勾选时加入当前焦点所在的行。");
  });
});
