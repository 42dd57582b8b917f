import { describe, expect, it } from "vitest";
import { hexDumpRows } from "./hexdump";

describe("hex dump", () => {
  it("prints offset, two groups of eight bytes and printable ASCII", () => {
    const bytes = new TextEncoder().encode("Hello, world!\n\u0000\u00ff-and more");
    const rows = hexDumpRows(bytes);
    expect(rows[0]).toEqual({
      offset: "00000000",
      hex: "48 65 6c 6c 6f 2c 20 77  6f 72 6c 64 21 0a 00 c3",
      ascii: "Hello, world!...",
    });
    expect(rows[1]?.offset).toBe("00000010");
    // A short last row keeps the ASCII column aligned.
    expect(rows[rows.length - 1]?.hex).toHaveLength(rows[0]?.hex.length ?? 0);
    expect(hexDumpRows(new Uint8Array())).toEqual([]);
  });
});
