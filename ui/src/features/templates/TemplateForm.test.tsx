import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider, type Locale } from "../../i18n";
import type { Completion, ResourceTemplate, TemplateVariable } from "../../ipc";
import { demoTemplates } from "../../test/fixtures";
import { installIpc, type Handler, type IpcCall } from "../../test/ipc-mock";
import { TemplateForm } from "./TemplateForm";
import { COMPLETION_DEBOUNCE_MS } from "../completion/useCompletion";

const [, TABLE, ROW] = demoTemplates as [ResourceTemplate, ResourceTemplate, ResourceTemplate];

/** `{name}` → the value, URI-encoded; enough RFC 6570 for these tests (Rust has the real one). */
const expand: Handler = ({ template, values }) => {
  const given = values as Record<string, string>;
  return String(template).replace(/\{([^}]*)\}/g, (_, name: string) => {
    const value = given[name];
    return value === undefined ? "" : encodeURIComponent(value);
  });
};

const variables: Handler = ({ template }): TemplateVariable[] =>
  Array.from(String(template).matchAll(/\{([^}]*)\}/g), (match) => ({
    name: match[1] ?? "",
    operator: "simple",
    explode: false,
  }));

const TABLES = ["item", "user"];
const IDS: Record<string, string[]> = { user: ["1", "10", "11", "12"], item: ["1", "2", "3"] };

/** The demo server's completion: table names, and ids of the table named in the context. */
const complete: Handler = ({ argument, value, context }): Completion => {
  const typed = String(value);
  const chosen = (context as Record<string, string>).name;
  const all = argument === "name" ? TABLES : chosen ? (IDS[chosen] ?? []) : [];
  const values = all.filter((candidate) => candidate.startsWith(typed));
  return { values, total: values.length, hasMore: false };
};

function ipc(overrides: Record<string, Handler> = {}) {
  return installIpc({
    template_variables: variables,
    expand_template: expand,
    complete_template: complete,
    ...overrides,
  });
}

function renderForm(template: ResourceTemplate = ROW, locale: Locale = "en") {
  const onOpen = vi.fn<(uri: string) => void>();
  render(
    <I18nProvider defaultLocale={locale}>
      <TemplateForm connectionId={1} template={template} onOpen={onOpen} />
    </I18nProvider>,
  );
  return onOpen;
}

const completions = (calls: IpcCall[]) => calls.filter((call) => call.cmd === "complete_template");
const field = (name: string) => screen.findByRole("combobox", { name: new RegExp(`^${name}`) });
const options = () => screen.queryAllByRole("option").map((option) => option.textContent);

/** Lets the debounce pass with fake timers, then the mocked IPC answer arrive. */
async function pause(ms = COMPLETION_DEBOUNCE_MS) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/**
 * Fake timers from here on (after the fields are found: `findBy…` polls with real ones). Typing
 * is then `fireEvent` (user-event's async wrapper waits on a real timer), one change per key.
 */
function fakeTimers() {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  return {
    type(input: HTMLElement, text: string) {
      fireEvent.focus(input);
      for (const key of text) {
        fireEvent.change(input, { target: { value: `${(input as HTMLInputElement).value}${key}` } });
      }
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("TemplateForm", () => {
  it("shows the template's heading, template and description with hidden characters revealed", async () => {
    ipc();
    renderForm({ ...ROW, title: "Row\u202E", uriTemplate: "table://{name}\u200B/{id}", description: "One\u2066 row" });
    expect(await screen.findByTestId("template-form-template")).toHaveTextContent("table://{name}⟨U+200B⟩/{id}");
    expect(screen.getByRole("heading", { level: 3 })).toHaveTextContent("Row⟨U+202E⟩");
    expect(screen.getByText(/One/).closest("p")).toHaveTextContent("One⟨U+2066⟩ row");
  });

  it("has one field per variable, labelled with its name and operator", async () => {
    ipc({
      template_variables: (): TemplateVariable[] => [
        { name: "path", operator: "reserved", explode: false },
        { name: "q", operator: "query", explode: false, prefix: 3 },
      ],
    });
    renderForm({ ...ROW, uriTemplate: "file:///{+path}{?q:3}" });

    const path = await field("path");
    expect(path).toHaveAccessibleDescription("Kept as typed: reserved characters such as / ? # stay.");
    expect(screen.getByText("{+path}")).toBeInTheDocument();
    const q = await field("q");
    expect(q).toHaveAccessibleDescription(
      "A query parameter: ?name=value. Only the first 3 characters are used.",
    );
    expect(screen.getByText("{?q:3}")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Table row" })).toBeInTheDocument();
    expect(screen.getByTestId("template-form-template")).toHaveTextContent("file:///{+path}{?q:3}");
  });

  it("asks the server once typing pauses, with what is typed by then", async () => {
    const calls = ipc();
    renderForm();
    const name = await field("name");
    const user = fakeTimers();
    user.type(name, "us");
    expect(completions(calls)).toHaveLength(0);
    await pause(COMPLETION_DEBOUNCE_MS - 10);
    expect(completions(calls)).toHaveLength(0);
    await pause(10);
    expect(completions(calls)).toHaveLength(1);
    expect(completions(calls)[0]?.args).toMatchObject({
      connectionId: 1,
      template: "table://{name}/{id}",
      argument: "name",
      value: "us",
    });
    expect(options()).toEqual(["user"]);
    expect(name).toHaveAttribute("aria-expanded", "true");
  });

  it("drops an answer that arrives after a newer one", async () => {
    const answers: ((completion: Completion) => void)[] = [];
    ipc({
      complete_template: () =>
        new Promise<Completion>((resolve) => {
          answers.push(resolve);
        }),
    });
    renderForm();
    const name = await field("name");
    const user = fakeTimers();

    user.type(name, "u");
    await pause();
    user.type(name, "s");
    await pause();
    expect(answers).toHaveLength(2);
    await act(async () => {
      answers[1]?.({ values: ["user"], hasMore: false });
      await Promise.resolve();
    });
    await act(async () => {
      answers[0]?.({ values: ["u-stale", "user"], hasMore: false });
      await Promise.resolve();
    });
    expect(options()).toEqual(["user"]);
  });

  it("sends the fields already filled as context", async () => {
    const calls = ipc();
    renderForm();
    const name = await field("name");
    const id = await field("id");
    const user = fakeTimers();
    user.type(name, "user");
    fireEvent.blur(name);
    user.type(id, "1");
    await pause();

    const last = completions(calls).at(-1);
    expect(last?.args).toMatchObject({ argument: "id", value: "1", context: { name: "user" } });
    expect(options()).toEqual(["1", "10", "11", "12"]);
    // The field being completed is not its own context.
    const forName = completions(calls).filter((call) => call.args.argument === "name");
    expect(forName.every((call) => !("name" in (call.args.context as object)))).toBe(true);
  });

  it("picks a suggestion with the keyboard and closes the list with Escape", async () => {
    const user = userEvent.setup();
    ipc();
    renderForm();
    const name = await field("name");
    await user.click(name);
    await waitFor(() => expect(options()).toEqual(["item", "user"]));

    await user.keyboard("{ArrowDown}{ArrowDown}");
    const listbox = screen.getByRole("listbox", { name: "Suggestions for name" });
    const second = within(listbox).getByRole("option", { name: "user" });
    expect(second).toHaveAttribute("aria-selected", "true");
    expect(name).toHaveAttribute("aria-activedescendant", second.id);
    await user.keyboard("{ArrowDown}");
    expect(within(listbox).getByRole("option", { name: "item" })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowUp}{Enter}");
    expect(name).toHaveValue("user");
    expect(name).toHaveAttribute("aria-expanded", "false");
    expect(name).toHaveFocus();

    await user.keyboard("{ArrowDown}");
    await waitFor(() => expect(name).toHaveAttribute("aria-expanded", "true"));
    await user.keyboard("{Escape}");
    expect(name).toHaveAttribute("aria-expanded", "false");
    expect(name).toHaveValue("user");
  });

  it("picks a suggestion with the mouse", async () => {
    const user = userEvent.setup();
    ipc();
    renderForm();
    const name = await field("name");
    await user.click(name);
    await user.click(await screen.findByRole("option", { name: "item" }));
    expect(name).toHaveValue("item");
    expect(name).toHaveFocus();
  });

  it("shows the expanded URI as you type and opens it", async () => {
    const user = userEvent.setup();
    const calls = ipc();
    const onOpen = renderForm();
    const uri = screen.getByTestId("template-uri");
    await waitFor(() => expect(uri).toHaveTextContent("table:///"));

    await user.type(await field("name"), "user");
    await waitFor(() => expect(uri).toHaveTextContent("table://user/"));
    await user.type(await field("id"), "1 2");
    await waitFor(() => expect(uri).toHaveTextContent("table://user/1%202"));
    // Empty fields are left out: undefined for RFC 6570.
    expect(calls.find((c) => c.cmd === "expand_template")?.args).toEqual({
      template: "table://{name}/{id}",
      values: {},
    });

    await user.click(screen.getByRole("button", { name: "Open" }));
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith("table://user/1%202"));
  });

  it("moves on with Enter, and opens with Enter in the last field", async () => {
    const user = userEvent.setup();
    ipc({ complete_template: (): Completion => ({ values: [], hasMore: false }) });
    const onOpen = renderForm();
    const name = await field("name");
    await user.type(name, "item{Enter}");
    const id = await field("id");
    expect(id).toHaveFocus();
    expect(onOpen).not.toHaveBeenCalled();
    await user.type(id, "3{Enter}");
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith("table://item/3"));
  });

  it("says beside the field why suggestions failed, and typing goes on", async () => {
    const user = userEvent.setup();
    ipc({ complete_template: () => Promise.reject({ code: "serverError", message: "database offline" }) });
    renderForm();
    const name = await field("name");
    await user.type(name, "us");

    const error = await screen.findByTestId("template-completion-error");
    expect(error).toHaveTextContent("No suggestions: database offline");
    expect(name).toHaveAccessibleDescription(expect.stringContaining("No suggestions: database offline"));
    expect(name).not.toHaveAttribute("aria-invalid");
    await user.type(name, "er");
    expect(name).toHaveValue("user");
    await waitFor(() => expect(screen.getByTestId("template-uri")).toHaveTextContent("table://user/"));
  });

  it("shows a malformed template's problem with a caret under it, and no fields", async () => {
    ipc({
      template_variables: () =>
        Promise.reject({
          code: "invalidInput",
          message: 'malformed URI template: the "{" at character 9 is never closed',
          detail: "table://{name\n        ^",
        }),
    });
    renderForm({ ...ROW, uriTemplate: "table://{name" });

    const problem = await screen.findByTestId("template-malformed");
    expect(problem).toHaveAttribute("role", "alert");
    expect(problem).toHaveTextContent("The server sent a malformed URI template");
    expect(problem).toHaveTextContent('the "{" at character 9 is never closed');
    expect(problem.querySelector("pre")?.textContent).toBe("table://{name\n        ^");
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(screen.queryByRole("button", { name: "Open" })).toBeNull();
  });

  it("starts from empty fields when given another template", async () => {
    const user = userEvent.setup();
    ipc();
    const onOpen = vi.fn();
    const { rerender } = render(
      <I18nProvider defaultLocale="en">
        <TemplateForm connectionId={1} template={ROW} onOpen={onOpen} />
      </I18nProvider>,
    );
    await user.type(await field("name"), "user");
    rerender(
      <I18nProvider defaultLocale="en">
        <TemplateForm connectionId={1} template={TABLE} onOpen={onOpen} />
      </I18nProvider>,
    );
    expect(await field("name")).toHaveValue("");
    expect(screen.queryByRole("combobox", { name: /^id/ })).toBeNull();
  });

  it("speaks Simplified Chinese", async () => {
    ipc();
    renderForm(ROW, "zh-CN");
    expect(await screen.findByRole("button", { name: "打开" })).toBeInTheDocument();
    expect(await field("name")).toHaveAccessibleDescription("/ ? # 等保留字符会被百分号编码。");
  });
});
