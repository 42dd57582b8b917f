import { describe, expect, it } from "vitest";
import { mimeKind } from "./icons";
import { inlineIcon } from "./ResourceIcon";

describe("row icons", () => {
  it("uses a server's icon only when it is an inline data: image, never a remote one", () => {
    const png = "data:image/png;base64,iVBORw0KGgo=";
    expect(inlineIcon({ icons: [{ src: "https://tracker.example.com/pixel.png" }, { src: png }] })).toBe(png);
    expect(inlineIcon({ icons: [{ src: "https://example.com/icon.png" }] })).toBeNull();
    expect(inlineIcon({ icons: [{ src: "data:text/html,<script>alert(1)</script>" }] })).toBeNull();
    expect(inlineIcon({ icons: [{ src: `data:image/png;base64,${"A".repeat(100_000)}` }] })).toBeNull();
    expect(inlineIcon({})).toBeNull();
  });

  it("tells media types apart for the icon", () => {
    expect(mimeKind("text/markdown")).toBe("text");
    expect(mimeKind("application/json; charset=utf-8")).toBe("code");
    expect(mimeKind("IMAGE/PNG")).toBe("image");
    expect(mimeKind("application/pdf")).toBe("pdf");
    expect(mimeKind("application/octet-stream")).toBe("binary");
    expect(mimeKind(undefined)).toBe("unknown");
  });
});
