import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "../../i18n";
import type { AddReport, BasketId, FileCheck, Skill, SkillAdded } from "../../ipc";
import { installIpc } from "../../test/ipc-mock";
import type { Baskets } from "../basket";
import { SkillCheckFlag } from "./SkillCheckFlag";
import { SkillPanel } from "./SkillPanel";

const skill: Skill = {
  uri: "skill://acme/refunds/SKILL.md",
  name: "refunds",
  description: "Handle refunds",
  frontmatter: JSON.stringify({ name: "refunds", description: "Handle refunds", license: "MIT", metadata: { team: "billing\u202e" } }),
  files: {
    kind: "listed",
    files: [
      { uri: "skill://acme/refunds/SKILL.md", digest: `sha256:${"a".repeat(64)}`, size: 1000 },
      { uri: "skill://acme/refunds/email.md", digest: `sha256:${"b".repeat(64)}`, size: 1048 },
    ],
  },
};

/** The one part of the baskets the panel uses: add to the current basket, "Ctx". */
function baskets(): Baskets {
  const addWith = async (run: (id: BasketId) => Promise<AddReport>) => ({ basket: "Ctx", report: await run(7) });
  return { addWith } as unknown as Baskets;
}

describe("SkillPanel", () => {
  it("shows the skill's frontmatter revealed and adds the whole skill with one token total", async () => {
    const added: SkillAdded = { name: "refunds", files: 2, tokens: 1234, report: { added: 2, refreshed: 0, failed: [], skippedForBudget: 0 } };
    const calls = installIpc({ skill_details: () => skill, add_skill_to_basket: () => added });
    render(
      <I18nProvider defaultLocale="en">
        <SkillPanel connectionId={3} uri="skill://acme/refunds/email.md" baskets={baskets()} />
      </I18nProvider>,
    );
    expect(await screen.findByTestId("skill-panel")).toHaveTextContent("Skill refunds");
    expect(screen.getByTestId("skill-files")).toHaveTextContent("2 files");
    const frontmatter = screen.getByTestId("skill-frontmatter");
    expect(frontmatter).toHaveTextContent("license");
    expect(frontmatter).toHaveTextContent("MIT");
    // The right-to-left override inside a value is shown as a marker, not obeyed.
    expect(screen.getAllByTestId("hidden-char").length).toBeGreaterThan(0);

    fireEvent.click(screen.getByTestId("skill-add"));
    await waitFor(() => {
      expect(screen.getByTestId("skill-add-status")).toHaveTextContent("Added skill refunds to Ctx: 2 files, 1,234 tokens in all");
    });
    expect(calls.find((c) => c.cmd === "add_skill_to_basket")?.args).toEqual({ id: 7, connectionId: 3, uri: skill.uri });
  });

  it("shows nothing for a resource that is no skill's file", async () => {
    const calls = installIpc({
      skill_details: () => {
        throw { code: "notFound", message: "no skill" };
      },
    });
    const { container } = render(
      <I18nProvider defaultLocale="en">
        <SkillPanel connectionId={3} uri="file:///notes.md" />
      </I18nProvider>,
    );
    await waitFor(() => {
      expect(calls.some((c) => c.cmd === "skill_details")).toBe(true);
    });
    expect(container).toBeEmptyDOMElement();
  });
});

describe("SkillCheckFlag", () => {
  it("says a file changed since listed, with both digests, as an alert", () => {
    const changed: FileCheck = { state: "changed", listed: "sha256:aa", found: "sha256:bb", listedSize: 24, foundSize: 33 };
    render(
      <I18nProvider defaultLocale="zh-CN">
        <SkillCheckFlag check={changed} />
      </I18nProvider>,
    );
    const flag = screen.getByRole("alert");
    expect(flag).toHaveAttribute("data-state", "changed");
    expect(flag).toHaveTextContent("自列出后已更改");
    expect(flag).toHaveTextContent("sha256:bb");
    expect(flag).toHaveTextContent("sha256:aa");
  });

  it("says quietly that a file matches", () => {
    render(
      <I18nProvider defaultLocale="en">
        <SkillCheckFlag check={{ state: "matches" }} />
      </I18nProvider>,
    );
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByTestId("skill-check")).toHaveTextContent("Matches its listed digest");
  });
});
