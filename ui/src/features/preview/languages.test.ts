import { describe, expect, it } from "vitest";
import { languageFor, languageForFence } from "./languages";

describe("choosing a grammar", () => {
  it("follows the media type, then the file name", () => {
    expect(languageFor("text/x-rust", "file:///a/main.rs")).toBe("rust");
    expect(languageFor("text/x-typescript", "x")).toBe("typescript");
    expect(languageFor("application/vnd.api+json", "x")).toBe("json");
    expect(languageFor(undefined, "file:///project/Makefile")).toBe("makefile");
    expect(languageFor("text/plain", "file:///a/b.py?rev=2#L3")).toBe("python");
    expect(languageFor(undefined, "demo://plain")).toBeNull();
    // A specific media type that is not code stays plain, whatever the name says.
    expect(languageFor("text/x-unknown", "a.rs")).toBeNull();
    expect(languageFor(undefined, "x.toString")).toBeNull();
  });

  it("reads a fence's info string", () => {
    expect(languageForFence("rust ignore")).toBe("rust");
    expect(languageForFence("ts")).toBe("typescript");
    expect(languageForFence("shell")).toBe("bash");
    expect(languageForFence("brainfuck")).toBeNull();
    expect(languageForFence("constructor")).toBeNull();
  });
});
