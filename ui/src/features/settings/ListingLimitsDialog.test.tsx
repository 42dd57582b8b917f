import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { I18nProvider, type Locale } from "../../i18n";
import type { ListingLimits } from "../../ipc";
import { installIpc } from "../../test/ipc-mock";
import { AppMenu } from "../updates/AppMenu";

const DEFAULTS: ListingLimits = { maxItems: 2_000_000, maxBytes: 1_073_741_824, maxPages: 200_000 };

async function openLimits(locale: Locale = "en") {
  const calls = installIpc({
    pending_update: () => null,
    listing_limits: () => DEFAULTS,
    set_listing_limits: ({ limits }: Record<string, unknown>) => limits,
  });
  const user = userEvent.setup();
  render(
    <I18nProvider defaultLocale={locale}>
      <AppMenu />
    </I18nProvider>,
  );
  await user.click(screen.getByTestId("app-menu"));
  await user.click(screen.getByTestId("menu-listing-limits"));
  const dialog = await screen.findByTestId("listing-limits-dialog");
  await within(dialog).findByTestId("limits-maxItems");
  return { user, dialog, calls };
}

describe("Listing limits", () => {
  it("shows the caps in force and saves edited ones", async () => {
    const { user, dialog, calls } = await openLimits();
    const items = within(dialog).getByRole("textbox", { name: "Resources per listing" });
    expect(items).toHaveValue("2000000");
    await user.clear(items);
    await user.type(items, "5000");
    await user.click(within(dialog).getByTestId("limits-save"));
    await waitFor(() => expect(screen.queryByTestId("listing-limits-dialog")).toBeNull());
    expect(calls.filter((c) => c.cmd === "set_listing_limits").map((c) => c.args)).toEqual([
      { limits: { ...DEFAULTS, maxItems: 5000 } },
    ]);
  });

  it("refuses a cap that is not a whole number of at least 1, in Chinese too", async () => {
    const { user, dialog } = await openLimits("zh-CN");
    const pages = within(dialog).getByRole("textbox", { name: "每次列出的页数" });
    await user.clear(pages);
    await user.type(pages, "0");
    expect(within(dialog).getByTestId("limits-save")).toBeDisabled();
    expect(dialog).toHaveTextContent("请输入不小于 1 的整数。");
  });
});
