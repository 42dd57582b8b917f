import { describe, expect, it } from "vitest";
import { audienceKind, displayName, normalizedPriority } from "./resourceFields";

describe("annotations", () => {
  it("classifies the audience", () => {
    expect(audienceKind(undefined)).toBeNull();
    expect(audienceKind([])).toBeNull();
    expect(audienceKind(["user"])).toBe("user");
    expect(audienceKind(["assistant"])).toBe("assistant");
    expect(audienceKind(["assistant", "user"])).toBe("both");
  });

  it("clamps priorities and ignores non-numbers", () => {
    expect(normalizedPriority(undefined)).toBeNull();
    expect(normalizedPriority(Number.NaN)).toBeNull();
    expect(normalizedPriority(0.8)).toBe(0.8);
    expect(normalizedPriority(7)).toBe(1);
    expect(normalizedPriority(-1)).toBe(0);
  });

  it("prefers the title, then the name, then the URI", () => {
    expect(displayName({ uri: "u://1", name: "n", title: "T" })).toBe("T");
    expect(displayName({ uri: "u://1", name: "n", title: "  " })).toBe("n");
    expect(displayName({ uri: "u://1", name: "" })).toBe("u://1");
  });
});
