import { describe, expect, it } from "vitest";
import { parse, ParseError } from "../src/lib";

describe("parse", () => {
  it("reads a measure, dimensions and a range", () => {
    expect(parse("revenue by region, item last 30d")).toEqual({
      measure: "revenue",
      groupBy: ["region", "item"],
      range: { kind: "relative", days: 30 },
    });
  });

  it("rejects unknown measures with an offset", () => {
    expect(() => parse("profit by region")).toThrow(ParseError);
  });
});
