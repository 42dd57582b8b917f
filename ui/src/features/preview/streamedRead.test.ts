import { describe, expect, it } from "vitest";
import { assemble } from "./streamedRead";

describe("a streamed read put back together", () => {
  it("joins each content's pieces and keeps its media type and _meta", () => {
    const meta = { json: '{"page":2}', cut: false, bytes: 10 };
    const contents = assemble(
      [
        { uri: "demo://a.md", mimeType: "text/markdown", kind: "text", bytes: 6, meta },
        { uri: "demo://b.bin", kind: "blob", bytes: 4 },
      ],
      [["# A", "\nb"], ["AAEC", ""]],
    );
    expect(contents).toEqual([
      { uri: "demo://a.md", mimeType: "text/markdown", text: "# A\nb", meta },
      { uri: "demo://b.bin", blob: "AAEC" },
    ]);
  });
});
