import { describe, expect, it } from "vitest";
import { clockTime, prettyJson } from "./wire";

describe("wire message display", () => {
  it("indents whole JSON and leaves a cut message as it is", () => {
    expect(prettyJson('{"a":[1]}')).toBe('{\n  "a": [\n    1\n  ]\n}');
    const cut = '{"a":"bbb … [cut at 65536 of 300000 bytes]';
    expect(prettyJson(cut)).toBe(cut);
  });

  it("shows the time to the millisecond", () => {
    const at = new Date(2026, 10, 26, 9, 5, 7, 42).getTime();
    expect(clockTime(at)).toBe("09:05:07.042");
  });
});
