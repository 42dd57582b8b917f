import { describe, expect, it } from "vitest";
import { parseCsv } from "./csv";

describe("the CSV reader (RFC 4180)", () => {
  it("reads fields, records and a header", () => {
    expect(parseCsv("a,b,c\n1,2,3\n").rows).toEqual([
      ["a", "b", "c"],
      ["1", "2", "3"],
    ]);
    expect(parseCsv("a,b\r\n1,2").rows).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
    expect(parseCsv("a\rb").rows).toEqual([["a"], ["b"]]);
    expect(parseCsv(",\n").rows).toEqual([["", ""]]);
    expect(parseCsv("").rows).toEqual([]);
  });

  it("reads quoted fields with delimiters, line breaks and doubled quotes", () => {
    const table = parseCsv('name,quote\r\n"Smith, J","He said ""hi""\r\nand left"\r\n');
    expect(table.rows).toEqual([
      ["name", "quote"],
      ["Smith, J", 'He said "hi"\r\nand left'],
    ]);
    expect(table.unterminatedQuote).toBe(false);
    expect(parseCsv('""').rows).toEqual([[""]]);
  });

  it("copes with sloppy files", () => {
    expect(parseCsv('a,b"c\n').rows).toEqual([["a", 'b"c']]);
    const open = parseCsv('a,"never closed\nstill');
    expect(open.rows).toEqual([["a", "never closed\nstill"]]);
    expect(open.unterminatedQuote).toBe(true);
    expect(parseCsv("\uFEFFh1,h2\n").rows).toEqual([["h1", "h2"]]);
    expect(parseCsv("a,b\n1,2,3\n").columns).toBe(3);
  });

  it("stops at a row limit and says so", () => {
    const text = Array.from({ length: 1000 }, (_, i) => `${i},x`).join("\n");
    const table = parseCsv(text, { maxRows: 10 });
    expect(table.rows).toHaveLength(10);
    expect(table.truncated).toBe(true);
    expect(parseCsv("a\nb\n", { maxRows: 2 }).truncated).toBe(false);
  });

  it("reads tab-separated values", () => {
    expect(parseCsv("a\tb,c\n", { delimiter: "\t" }).rows).toEqual([["a", "b,c"]]);
  });
});
