import { describe, expect, it } from "vitest";
import { Base64Error, base64DecodedSize, base64Problem, decodeBase64, utf8ToBase64 } from "./base64";

describe("base64", () => {
  it("decodes padded, unpadded and line-wrapped base64", () => {
    expect(Array.from(decodeBase64("AAECAwQFBgc="))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(Array.from(decodeBase64("AAECAwQFBgc"))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(new TextDecoder().decode(decodeBase64("aGVs\nbG8=\r\n"))).toBe("hello");
    expect(decodeBase64("")).toHaveLength(0);
  });

  it("decodes only the head when asked", () => {
    const big = btoa("x".repeat(3000));
    expect(decodeBase64(big, 512)).toHaveLength(512);
  });

  it("names the first problem and where it is", () => {
    expect(base64Problem("AAAA*AAA")).toEqual({ kind: "character", offset: 4, character: "*" });
    expect(base64Problem("AA😀A")).toEqual({ kind: "character", offset: 2, character: "😀" });
    expect(base64Problem("AA==AAAA")).toEqual({ kind: "padding", offset: 2 });
    expect(base64Problem("AAAAA")).toEqual({ kind: "length", length: 5 });
    expect(base64Problem("AA=")).toEqual({ kind: "length", length: 3 });
    expect(base64Problem("AA==")).toBeNull();
    expect(() => decodeBase64("not base64!")).toThrow(Base64Error);
    expect(() => decodeBase64("not base64!")).toThrow(/character "!" at offset 10/);
  });

  it("reports the decoded size of a blob without decoding it", () => {
    expect(base64DecodedSize("")).toBe(0);
    expect(base64DecodedSize("AA==")).toBe(1);
    expect(base64DecodedSize("AAA=\n")).toBe(2);
    expect(base64DecodedSize("AAECAwQFBgc=")).toBe(8);
  });

  it("encodes UTF-8 text", () => {
    expect(new TextDecoder().decode(decodeBase64(utf8ToBase64("<svg>é😀</svg>")))).toBe("<svg>é😀</svg>");
  });
});
