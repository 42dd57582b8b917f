import { describe, expect, it } from "vitest";
import { inlineIcon } from "./ResourceIcon";

describe("a row's icon", () => {
  it("uses a server's icon only when it is an inline data: image, never a remote one", () => {
    const png = "data:image/png;base64,iVBORw0KGgo=";
    expect(inlineIcon({ icons: [{ src: "https://tracker.example.com/pixel.png" }, { src: png }] })).toBe(png);
    expect(inlineIcon({ icons: [{ src: "https://example.com/icon.png" }] })).toBeNull();
    expect(inlineIcon({ icons: [{ src: "data:text/html,<script>alert(1)</script>" }] })).toBeNull();
    expect(inlineIcon({ icons: [{ src: `data:image/png;base64,${"A".repeat(100_000)}` }] })).toBeNull();
    expect(inlineIcon({})).toBeNull();
  });
});
