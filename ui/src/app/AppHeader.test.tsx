import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "../i18n";
import { AppHeader } from "./AppHeader";

function zhOption(): HTMLOptionElement {
  const option = screen.getByTestId("language-switch").querySelector<HTMLOptionElement>('option[value="zh-CN"]');
  if (option === null) throw new Error("no zh-CN option");
  return option;
}

describe("AppHeader's language menu", () => {
  it("names Chinese in Latin letters until the menu takes the focus, then in its own script", async () => {
    window.localStorage.setItem("lode.locale", "en");
    render(
      <I18nProvider>
        <AppHeader />
      </I18nProvider>,
    );
    // No CJK text in an English window that nobody has touched: no CJK font is loaded for it.
    expect(zhOption().textContent).toBe("Chinese (Simplified)");
    expect(document.body.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    await userEvent.setup().click(screen.getByTestId("language-switch"));
    expect(zhOption().textContent).toBe("简体中文");
  });
});
