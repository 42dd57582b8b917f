import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { I18nProvider, type Locale } from "../../i18n";
import type { ResourceTemplate } from "../../ipc";
import { demoTemplates } from "../../test/fixtures";
import { installIpc, type Handler } from "../../test/ipc-mock";
import { TemplatesList } from "./TemplatesList";

function renderList(listTemplates: Handler, locale: Locale = "en") {
  const calls = installIpc({ list_templates: listTemplates });
  const onSelect = vi.fn<(template: ResourceTemplate) => void>();
  render(
    <I18nProvider defaultLocale={locale}>
      <TemplatesList connectionId={1} onSelect={onSelect} />
    </I18nProvider>,
  );
  return { calls, onSelect };
}

const selected = () =>
  screen
    .getAllByRole("option")
    .filter((option) => option.getAttribute("aria-selected") === "true")
    .map((option) => option.querySelector("code")?.textContent);

describe("TemplatesList", () => {
  it("lists each template's title, name, template and description", async () => {
    const { calls } = renderList(() => demoTemplates);
    expect(screen.getByRole("status")).toHaveTextContent("Loading templates…");
    const list = await screen.findByRole("listbox", { name: "Resource templates" });
    const rows = within(list).getAllByRole("option");
    expect(rows).toHaveLength(3);
    const row = rows.at(-1);
    expect(row).toHaveTextContent("Table row");
    expect(row).toHaveTextContent("table-row");
    expect(row).toHaveTextContent("table://{name}/{id}");
    expect(row).toHaveTextContent("One row by id; completing `id` uses the `name` already chosen");
    expect(calls).toEqual([{ cmd: "list_templates", args: { connectionId: 1 } }]);
  });

  it("shows a template's title, name, template and description with hidden characters revealed", async () => {
    const [first] = demoTemplates;
    if (!first) throw new Error("no template");
    const hostile = { ...first, title: "Files\u202E", name: "fi\u200Bles", uriTemplate: "file:///{path}\u2066", description: "All\u00ADfiles\nhere\uFEFF" };
    renderList(() => [hostile]);
    const row = await screen.findByRole("option");
    expect(row).toHaveTextContent("Files⟨U+202E⟩");
    expect(row).toHaveTextContent("fi⟨U+200B⟩les");
    expect(within(row).getByTestId("template-row-template")).toHaveTextContent("file:///{path}⟨U+2066⟩");
    expect(row).toHaveTextContent("All⟨U+00AD⟩files here⟨U+FEFF⟩");
    expect(row.textContent).not.toMatch(/[\u202E\u200B\u2066\u00AD\uFEFF]/);
  });

  it("selects with a click and with the keyboard", async () => {
    const user = userEvent.setup();
    const { onSelect } = renderList(() => demoTemplates);
    await user.click(await screen.findByText("Database table"));
    expect(selected()).toEqual(["table://{name}"]);
    expect(onSelect).toHaveBeenLastCalledWith(demoTemplates[1]);

    const list = screen.getByRole("listbox");
    expect(list).toHaveAttribute("aria-activedescendant", screen.getAllByRole("option")[1]?.id);
    await user.keyboard("{ArrowDown}");
    expect(selected()).toEqual(["table://{name}/{id}"]);
    await user.keyboard("{ArrowDown}");
    expect(selected()).toEqual(["table://{name}/{id}"]);
    await user.keyboard("{Home}");
    expect(selected()).toEqual(["file:///{path}"]);
    await user.keyboard("{End}{ArrowUp}");
    expect(selected()).toEqual(["table://{name}"]);
    expect(onSelect).toHaveBeenLastCalledWith(demoTemplates[1]);
  });

  it("says so when the server offers no templates", async () => {
    renderList(() => []);
    expect(await screen.findByTestId("templates-empty")).toHaveTextContent("This server offers no templates.");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows a failure with Retry, which loads again", async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { calls } = renderList(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject({ code: "timeout", message: "no answer within 60 s" }) : demoTemplates;
    });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The server did not answer in time");
    expect(alert).toHaveTextContent("no answer within 60 s");
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(screen.getAllByRole("option")).toHaveLength(3));
    expect(calls).toHaveLength(2);
  });

  it("speaks Simplified Chinese", async () => {
    renderList(() => [], "zh-CN");
    expect(await screen.findByTestId("templates-empty")).toHaveTextContent("此服务器没有提供模板。");
  });
});
