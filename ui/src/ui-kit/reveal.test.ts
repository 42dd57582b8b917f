import { describe, expect, it } from "vitest";
// The same table lode-core's tests run (src-tauri/crates/lode-core/src/reveal/tests.rs).
import table from "../../../src-tauri/crates/lode-core/src/reveal/cases.json";
import { hasHidden, revealed, revealSegments, type Shape } from "./reveal";
import { textPieces, visibleText } from "./serverText";

interface Case {
  name: string;
  input: string;
  shape: Shape;
  text: string;
  hidden: boolean;
}

const cases = table.cases as Case[];

describe("Lode's one rule for hidden characters", () => {
  it("runs a table shared with the Rust core", () => {
    expect(cases.length).toBeGreaterThan(30);
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    expect(revealed(c.input, c.shape)).toBe(c.text);
    expect(hasHidden(c.input, c.shape)).toBe(c.hidden);
    expect(revealSegments(c.input, c.shape).some((segment) => "marker" in segment)).toBe(c.hidden);
  });

  it("shows one-line cases the same through the list rows' pieces", () => {
    for (const c of cases.filter((c) => c.shape === "line")) {
      expect(visibleText(c.input, 10_000), c.name).toBe(c.text);
      expect(
        textPieces(c.input, [], 10_000).pieces.some((piece) => piece.hidden),
        c.name,
      ).toBe(c.hidden);
    }
  });

  it("reveals a lone surrogate, which only JavaScript strings can hold", () => {
    expect(revealed("a\uD800b")).toBe("a⟨U+D800⟩b");
    expect(revealed("\uDC00")).toBe("⟨U+DC00⟩");
  });

  it("judges a joiner at a cut by the character after the cut", () => {
    const family = "👨\u200D👩";
    expect(visibleText(family, 2)).toBe("👨\u200D…");
  });
});
