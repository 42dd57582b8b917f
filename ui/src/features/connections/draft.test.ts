import { describe, expect, it } from "vitest";
import type { Connection } from "../../ipc";
import { savedConnection } from "../../test/fixtures";
import { formatArgs, parseArgs } from "./args";
import { draftFromForm, emptyForm, formFromConnection, secretShape } from "./draft";

const github: Connection = {
  ...savedConnection(4, "GitHub", {
    kind: "stdio",
    command: "npx",
    args: ["-y", "@modelcontextprotocol/server-github", "a b", 'say "hi"', ""],
    env: { LOG_LEVEL: "debug" },
    cwd: "/tmp/work",
  }),
  settings: { secrets: [{ kind: "env", name: "GITHUB_TOKEN" }], oauth: false, timeoutSecs: 30, enabled: false, shownInBrowser: true, inheritEnv: false },
};

describe("args", () => {
  it("round-trips arguments with spaces, quotes and empty ones", () => {
    const args = ["-y", "a b", 'say "hi"', "", "back\\slash", "line\nbreak", "it's"];
    expect(parseArgs(formatArgs(args))).toEqual(args);
  });

  it("reads what a person types", () => {
    expect(parseArgs(`  --db 'my file.db'  -v "x y"\tz `)).toEqual(["--db", "my file.db", "-v", "x y", "z"]);
    expect(parseArgs("")).toEqual([]);
  });
});

describe("draft", () => {
  it("turns a saved connection into a form and back without touching its secrets", () => {
    const { draft, owners } = draftFromForm(formFromConnection(github));
    expect(draft).toEqual({
      name: "GitHub",
      transport: github.transport,
      secrets: [{ place: { kind: "env", name: "GITHUB_TOKEN" }, change: { kind: "keep" } }],
      oauth: false,
      timeoutSecs: 30,
      enabled: false,
      shownInBrowser: true,
      inheritEnv: false,
    });
    expect(owners).toHaveLength(1);
  });

  it("passes the whole environment only to a local server whose switch is on", () => {
    const inheriting = { ...github, settings: { ...github.settings, inheritEnv: true } };
    const form = formFromConnection(inheriting);
    expect(form.inheritEnv).toBe(true);
    expect(draftFromForm(form).draft.inheritEnv).toBe(true);
    expect(draftFromForm({ ...form, kind: "http", url: "https://x.test/mcp" }).draft.inheritEnv).toBe(false);
    expect(draftFromForm(emptyForm()).draft.inheritEnv).toBe(false);
  });

  it("reads the auth kind of a remote connection", () => {
    const api: Connection = {
      ...savedConnection(5, "API", { kind: "http", url: "https://x.test/mcp", headers: { Accept: "json" } }),
      settings: {
        secrets: [{ kind: "header", name: "X-Api-Key" }, { kind: "header", name: "X-Other" }],
        oauth: false,
        timeoutSecs: 60,
        enabled: true,
        shownInBrowser: true,
        inheritEnv: false,
      },
    };
    const form = formFromConnection(api);
    expect(form.auth).toBe("header");
    expect(form.authHeader).toBe("X-Api-Key");
    expect(form.secretHeaders.map((r) => r.name)).toEqual(["X-Other"]);
    expect(draftFromForm(form).draft.secrets).toEqual([
      { place: { kind: "header", name: "X-Api-Key" }, change: { kind: "keep" } },
      { place: { kind: "header", name: "X-Other" }, change: { kind: "keep" } },
    ]);
  });

  it("keeps an OAuth client id only while OAuth is the auth kind", () => {
    const oauth: Connection = {
      ...savedConnection(6, "Linear", { kind: "http", url: "https://mcp.linear.test/mcp" }),
      settings: { secrets: [], oauth: true, oauthClientId: "lode-app", timeoutSecs: 60, enabled: true, shownInBrowser: true, inheritEnv: false },
    };
    const form = formFromConnection(oauth);
    expect(form.auth).toBe("oauth");
    expect(draftFromForm(form).draft).toMatchObject({ oauth: true, oauthClientId: "lode-app" });
    expect(draftFromForm({ ...form, oauthClientId: "  " }).draft.oauthClientId).toBeUndefined();
    expect(draftFromForm({ ...form, auth: "none" }).draft).toMatchObject({ oauth: false });
    expect(draftFromForm({ ...form, auth: "none" }).draft.oauthClientId).toBeUndefined();
  });

  it("sends only the shape of typed secrets to the checker", () => {
    expect([secretShape(""), secretShape("ghp_123"), secretShape("a\nb")]).toEqual(["", "•", "\n"]);
    const form = formFromConnection(github);
    const [row] = form.secretEnv;
    if (!row) throw new Error("no secret row");
    const typed = { ...form, secretEnv: [{ ...row, value: { mode: "set" as const, value: "ghp_secret" } }] };
    expect(JSON.stringify(draftFromForm(typed, true).draft)).not.toContain("ghp_secret");
    expect(draftFromForm(typed).draft.secrets[0]?.change).toEqual({ kind: "set", value: "ghp_secret" });
    // A renamed variable has no saved value: keep would be refused, so it counts as a new, empty one.
    const renamed = { ...form, secretEnv: [{ ...row, name: "GH_TOKEN" }] };
    expect(draftFromForm(renamed).draft.secrets[0]?.change).toEqual({ kind: "set", value: "" });
  });
});
