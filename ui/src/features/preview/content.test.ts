import { describe, expect, it } from "vitest";
import { base64DecodedSize, classifyContent, isJsonMime } from "./content";

describe("content classification", () => {
  it("pretty-prints JSON and falls back to text when it does not parse", () => {
    expect(classifyContent({ uri: "a", mimeType: "application/json", text: '{"a":1}' })).toEqual({
      kind: "json",
      text: '{\n  "a": 1\n}',
    });
    expect(classifyContent({ uri: "a", mimeType: "application/json", text: "{nope" })).toEqual({
      kind: "text",
      text: "{nope",
    });
    expect(classifyContent({ uri: "x.json", text: "[1]" }).kind).toBe("json");
  });

  it("recognizes JSON media types", () => {
    expect(isJsonMime("application/json; charset=utf-8")).toBe(true);
    expect(isJsonMime("application/ld+json")).toBe(true);
    expect(isJsonMime("text/plain")).toBe(false);
  });

  it("turns image blobs into data URLs and refuses odd media types", () => {
    expect(classifyContent({ uri: "a", mimeType: "image/png", blob: "AAAA" })).toEqual({
      kind: "image",
      src: "data:image/png;base64,AAAA",
    });
    expect(classifyContent({ uri: "a", mimeType: 'image/png" onerror="x', blob: "AAAA" }).kind).toBe("binary");
    expect(classifyContent({ uri: "a", mimeType: "image/png", blob: "not base64!" }).kind).toBe("binary");
  });

  it("reports the decoded size of other blobs", () => {
    expect(classifyContent({ uri: "a", mimeType: "application/zip", blob: "AAECAwQFBgc=" })).toEqual({
      kind: "binary",
      bytes: 8,
    });
    expect(base64DecodedSize("")).toBe(0);
    expect(base64DecodedSize("AA==")).toBe(1);
    expect(base64DecodedSize("AAA=\n")).toBe(2);
  });
});
