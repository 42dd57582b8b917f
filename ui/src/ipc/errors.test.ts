import { describe, expect, it } from "vitest";
import { ERROR_CODES, isLodeError, toLodeError } from "./errors";

describe("toLodeError", () => {
  it("passes a well-formed LodeError through", () => {
    const error = { code: "timeout", message: "no answer in 30 s", detail: "resources/read" };
    expect(toLodeError(error)).toEqual(error);
  });

  it("keeps an update failure's facts, and drops facts of another shape", () => {
    const facts = { kind: "update", step: "download", reason: "incomplete", version: "0.2.0", received: 500, total: 1000 };
    const error = { code: "updateIncomplete", message: "update download: Incomplete", facts };
    expect(toLodeError(error)).toEqual(error);
    expect(toLodeError({ ...error, facts: { kind: "update", step: "reboot", reason: "x" } })).toEqual({
      code: "updateIncomplete",
      message: "update download: Incomplete",
    });
    expect(toLodeError({ ...error, facts: "incomplete" })).not.toHaveProperty("facts");
  });

  it("drops a null detail", () => {
    expect(toLodeError({ code: "notFound", message: "gone", detail: null })).toEqual({
      code: "notFound",
      message: "gone",
    });
  });

  it.each([
    ["a string", "boom", "boom"],
    ["an Error", new Error("kaput"), "kaput"],
    ["an unknown code with a message", { code: "teapot", message: "short and stout" }, "short and stout"],
    ["a number", 42, "42"],
    ["null", null, "null"],
    ["undefined", undefined, "undefined"],
    ["an object without message", { weird: true }, '{"weird":true}'],
  ])("normalizes %s into an internal error", (_label, value, message) => {
    expect(toLodeError(value)).toEqual({ code: "internal", message });
  });

  it("survives values JSON cannot print", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(toLodeError(cyclic)).toEqual({ code: "internal", message: "[object Object]" });
  });

  it("rejects malformed shapes in the type guard", () => {
    expect(isLodeError({ code: "timeout" })).toBe(false);
    expect(isLodeError({ code: "timeout", message: 3 })).toBe(false);
    expect(isLodeError({ code: "timeout", message: "x", detail: 1 })).toBe(false);
    expect(isLodeError({ code: "toString", message: "x" })).toBe(false);
    expect(isLodeError({ code: "http", message: "x" })).toBe(true);
  });

  it("knows all thirty-eight error codes", () => {
    expect(ERROR_CODES).toHaveLength(38);
  });

  it("knows a refused bundle", () => {
    expect(isLodeError({ code: "mcpbRefused", message: "its path ../x escapes its folder" })).toBe(true);
  });

  it("knows a declined confirmation and a file changed since its preview", () => {
    for (const code of ["declined", "fileChanged"]) {
      expect(isLodeError({ code, message: "nothing was done" })).toBe(true);
    }
  });

  it("knows the updater's failures", () => {
    for (const code of ["updateFeed", "updateNoPackage", "updateSignature", "updateIncomplete", "updateInstall", "updatesOff", "updateNotNewer", "updateTooLarge"]) {
      expect(isLodeError({ code, message: "nothing was installed" })).toBe(true);
    }
  });

  it("tells the keychain's failures apart", () => {
    for (const code of ["keychain", "keychainUnavailable", "keychainLocked", "keychainDenied"]) {
      expect(isLodeError({ code, message: "could not save a secret" })).toBe(true);
    }
  });
});
