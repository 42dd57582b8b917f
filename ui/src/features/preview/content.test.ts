import { describe, expect, it } from "vitest";
import { classifyContent } from "./content";
import { isJsonMime } from "./mime";

describe("content classification", () => {
  it("picks a view from the media type, else from the URI's extension", () => {
    expect(classifyContent({ uri: "a", mimeType: "application/json", text: "{}" }).kind).toBe("json");
    expect(classifyContent({ uri: "a", mimeType: "application/ld+json", text: "{}" }).kind).toBe("json");
    expect(classifyContent({ uri: "x.json", text: "[1]" }).kind).toBe("json");
    expect(classifyContent({ uri: "a", mimeType: "text/markdown", text: "#" }).kind).toBe("markdown");
    expect(classifyContent({ uri: "notes/a.md", text: "#" }).kind).toBe("markdown");
    expect(classifyContent({ uri: "a", mimeType: "text/csv; charset=utf-8", text: "a,b" })).toEqual({
      kind: "csv",
      text: "a,b",
      delimiter: ",",
    });
    expect(classifyContent({ uri: "file:///d/sales.csv", text: "a,b" }).kind).toBe("csv");
    expect(classifyContent({ uri: "x.tsv", text: "a\tb" })).toMatchObject({ kind: "csv", delimiter: "\t" });
    expect(classifyContent({ uri: "a", mimeType: "text/html", text: "<p>" }).kind).toBe("html");
    expect(classifyContent({ uri: "a", mimeType: "text/x-rust", text: "fn" }).kind).toBe("text");
    // The media type wins over the extension.
    expect(classifyContent({ uri: "a.csv", mimeType: "text/plain", text: "a,b" }).kind).toBe("text");
  });

  it("shows SVG text only as an image", () => {
    const view = classifyContent({ uri: "i.svg", mimeType: "image/svg+xml", text: "<svg><script>x()</script></svg>" });
    expect(view.kind).toBe("svg");
    expect(view.kind === "svg" && view.src.startsWith("data:image/svg+xml;base64,")).toBe(true);
  });

  it("sorts blobs into images, media, PDFs, text in disguise and other binaries", () => {
    expect(classifyContent({ uri: "a", mimeType: "image/png", blob: "AAAA" })).toEqual({
      kind: "image",
      src: "data:image/png;base64,AAAA",
    });
    expect(classifyContent({ uri: "a", mimeType: "audio/mpeg", blob: "AAAA" })).toMatchObject({ kind: "audio" });
    expect(classifyContent({ uri: "a", mimeType: "video/mp4", blob: "AAAA" })).toMatchObject({ kind: "video" });
    expect(classifyContent({ uri: "a", mimeType: "application/pdf", blob: "JVBERi0=" })).toMatchObject({ kind: "pdf" });
    expect(classifyContent({ uri: "doc.pdf", blob: "JVBERi0=" }).kind).toBe("pdf");
    expect(classifyContent({ uri: "a", mimeType: "text/plain", blob: btoa("hi there") })).toEqual({
      kind: "text",
      text: "hi there",
    });
    expect(classifyContent({ uri: "a", mimeType: "application/zip", blob: "AAECAwQFBgc=" })).toEqual({
      kind: "binary",
      blob: "AAECAwQFBgc=",
      bytes: 8,
    });
  });

  it("never puts an odd media type into a URL", () => {
    expect(classifyContent({ uri: "a", mimeType: 'image/png" onerror="x', blob: "AAAA" }).kind).toBe("binary");
    expect(classifyContent({ uri: "a", mimeType: "audio/x;base64,AAAA", blob: "AAAA" }).kind).toBe("audio");
  });

  it("reports bad base64 instead of decoding it", () => {
    expect(classifyContent({ uri: "a", mimeType: "image/png", blob: "not base64!" })).toEqual({
      kind: "invalidBlob",
      problem: { kind: "character", offset: 10, character: "!" },
      bytes: expect.any(Number) as number,
    });
  });

  it("recognizes JSON media types", () => {
    expect(isJsonMime("application/json; charset=utf-8")).toBe(true);
    expect(isJsonMime("application/ld+json")).toBe(true);
    expect(isJsonMime("text/plain")).toBe(false);
  });
});
