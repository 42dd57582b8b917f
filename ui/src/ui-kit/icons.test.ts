import { describe, expect, it } from "vitest";
import { mimeKind } from "./icons";

describe("row icons", () => {
  it("tells media types apart for the icon", () => {
    expect(mimeKind("text/markdown")).toBe("text");
    expect(mimeKind("application/json; charset=utf-8")).toBe("code");
    expect(mimeKind("IMAGE/PNG")).toBe("image");
    expect(mimeKind("application/pdf")).toBe("pdf");
    expect(mimeKind("application/octet-stream")).toBe("binary");
    expect(mimeKind(undefined)).toBe("unknown");
  });
});
