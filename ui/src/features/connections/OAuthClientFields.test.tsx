import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../../i18n";
import type { Connection, ConnectionDraft, DraftProblem } from "../../ipc";
import { savedConnection } from "../../test/fixtures";
import { installIpc } from "../../test/ipc-mock";
import { ConnectionForm } from "./ConnectionForm";
import { statusText } from "./status";
import { en } from "../../i18n/en";

const SECRET = "cs-typed-7c1e";

/** A saved OAuth connection with a pre-registered confidential client and a metadata URL. */
const confidential: Connection = {
  ...savedConnection(5, "Docs", { kind: "http", url: "https://docs.example/mcp" }),
  settings: {
    secrets: [{ kind: "oauthClientSecret" }],
    oauth: true,
    oauthClientId: "lode-docs",
    oauthClientMetadataUrl: "https://lode.example/client.json",
    timeoutSecs: 60,
    enabled: true,
    shownInBrowser: true,
    inheritEnv: false,
  },
};

function renderForm(editing: Connection | null) {
  const onSaved = vi.fn();
  render(
    <I18nProvider defaultLocale="en">
      <ConnectionForm editing={editing} onClose={() => undefined} onSaved={onSaved} />
    </I18nProvider>,
  );
  return onSaved;
}

const fieldOf = (testId: string) => {
  const field = screen.getByTestId(testId).closest(".field");
  if (!(field instanceof HTMLElement)) throw new Error(`no field around ${testId}`);
  return field;
};

describe("the OAuth client fields of the connection form", () => {
  it("sends a typed client secret and the metadata URL, the secret only on save", async () => {
    const metadataProblem = (draft: ConnectionDraft): DraftProblem[] =>
      draft.oauthClientMetadataUrl?.startsWith("http://")
        ? [{ field: { kind: "oauthClientMetadataUrl" }, problem: { kind: "notHttpsUrlWithPath" } }]
        : [];
    const calls = installIpc({
      check_connection: ({ draft }) => metadataProblem(draft as ConnectionDraft),
      add_connection: ({ draft }) => savedConnection(9, (draft as ConnectionDraft).name, (draft as ConnectionDraft).transport),
    });
    const user = userEvent.setup();
    const onSaved = renderForm(null);
    await user.type(screen.getByTestId("connection-name"), "Docs");
    await user.selectOptions(screen.getByTestId("connection-transport"), "http");
    await user.type(screen.getByTestId("connection-url"), "https://docs.example/mcp");
    await user.selectOptions(screen.getByTestId("connection-auth"), "oauth");
    await user.type(screen.getByTestId("connection-oauth-client-id"), "lode-docs");
    const secret = screen.getByTestId("connection-oauth-client-secret-input");
    expect(secret).toHaveAttribute("type", "password");
    await user.type(secret, SECRET);

    await user.type(screen.getByTestId("connection-oauth-metadata-url"), "http://lode.example/c.json");
    await within(fieldOf("connection-oauth-metadata-url")).findByText(/Enter an https:\/\/ URL with a path/);
    await user.clear(screen.getByTestId("connection-oauth-metadata-url"));
    await user.type(screen.getByTestId("connection-oauth-metadata-url"), "https://lode.example/c.json");
    await user.click(screen.getByTestId("connection-save"));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());

    const added = calls.find((c) => c.cmd === "add_connection")?.args.draft as ConnectionDraft;
    expect(added).toMatchObject({ oauth: true, oauthClientId: "lode-docs", oauthClientMetadataUrl: "https://lode.example/c.json" });
    expect(added.secrets).toEqual([{ place: { kind: "oauthClientSecret" }, change: { kind: "set", value: SECRET } }]);
    // The rule book saw only the secret's shape; the page's markup never held it.
    const checked = calls.filter((c) => c.cmd === "check_connection").map((c) => JSON.stringify(c.args));
    expect(checked.some((args) => args.includes(SECRET))).toBe(false);
    expect(document.body.textContent).not.toContain(SECRET);
    const attributes = Array.from(document.querySelectorAll("*"), (el) => Array.from(el.attributes, (a) => a.value));
    expect(attributes.flat().filter((value) => value.includes(SECRET))).toEqual([]);
  }, 30_000);

  it("shows a saved client secret as set, keeps it, and sends none when none is typed", async () => {
    const calls = installIpc({ check_connection: () => [], update_connection: () => confidential });
    const user = userEvent.setup();
    const onSaved = renderForm(confidential);
    expect(screen.getByTestId("connection-oauth-client-secret")).toHaveAttribute("data-state", "set");
    expect(screen.getByTestId("connection-oauth-metadata-url")).toHaveValue("https://lode.example/client.json");
    await user.click(screen.getByTestId("connection-save"));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const kept = calls.find((c) => c.cmd === "update_connection")?.args.draft as ConnectionDraft;
    expect(kept.secrets).toEqual([{ place: { kind: "oauthClientSecret" }, change: { kind: "keep" } }]);

    // Cleared, the secret is left out of the draft (Lode deletes it); none typed is none.
    await user.click(screen.getByTestId("connection-oauth-client-secret-clear"));
    await user.click(screen.getByTestId("connection-save"));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(2));
    const cleared = calls.filter((c) => c.cmd === "update_connection").at(-1)?.args.draft as ConnectionDraft;
    expect(cleared.secrets).toEqual([]);
  }, 20_000);

  it("says which scope the server wants when a sign-in needs more access", () => {
    const t = (key: string, params?: Record<string, unknown>) =>
      Object.entries(params ?? {}).reduce<string>((text, [k, v]) => text.replace(`{${k}}`, String(v)), en[key as keyof typeof en]);
    const format = { number: String } as never;
    expect(statusText({ state: "authRequired", scope: "mcp:write" }, t as never, format)).toBe(
      "The server wants more access: mcp:write. Sign in again to grant it.",
    );
    expect(statusText({ state: "authRequired" }, t as never, format)).toBe("Needs authorization");
  });
});
