import { describe, expect, it } from "vitest";
import { isAppMimeType } from "./appMime";

describe("isAppMimeType", () => {
  it("reads the profile whatever its spelling, as lode-core does", () => {
    for (const app of ["text/html;profile=mcp-app", 'TEXT/HTML; Profile="mcp-app"', "text/html; charset=utf-8; profile=mcp-app"]) {
      expect(isAppMimeType(app)).toBe(true);
    }
    for (const other of [undefined, "", "text/html", "text/plain;profile=mcp-app", "text/html;profile=mcp-apps", "text/html;mcp-app"]) {
      expect(isAppMimeType(other)).toBe(false);
    }
  });
});
