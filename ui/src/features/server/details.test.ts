import { describe, expect, it } from "vitest";
import { legacyInfo, modernInfo } from "../../test/fixtures";
import { offeredCapabilities } from "./capabilities";
import { cleanLogLine } from "./log";
import { detailsShortcut, isDetailsShortcut } from "./shortcut";

describe("offeredCapabilities", () => {
  it("lists only what is offered, features apart from their flags", () => {
    expect(offeredCapabilities(modernInfo.capabilities)).toEqual([
      { key: "resources", mcpPath: "resources", feature: true },
      { key: "resourceSubscribe", mcpPath: "resources.subscribe", feature: false },
      { key: "resourceListChanged", mcpPath: "resources.listChanged", feature: false },
      { key: "tools", mcpPath: "tools", feature: true },
      { key: "completions", mcpPath: "completions", feature: true },
      { key: "logging", mcpPath: "logging", feature: true },
    ]);
    expect(offeredCapabilities(legacyInfo.capabilities).map((c) => c.key)).toEqual(["resources"]);
  });
});

describe("cleanLogLine", () => {
  it.each([
    ["plain text", "plain text"],
    ["\u001b[1;32mINFO\u001b[0m ready", "INFO ready"],
    ["\u001b]0;window title\u0007after", "after"],
    ["\u001b]8;;https://example.com\u001b\\link\u001b]8;;\u001b\\", "link"],
    ["progress 10%\rprogress 50%\rprogress 100%", "progress 100%"],
    ["windows line\r", "windows line"],
    ["tab\tkept, bell\u0007 and NUL\u0000 dropped", "tab\tkept, bell and NUL dropped"],
    ["<script>alert(1)</script>", "<script>alert(1)</script>"],
  ])("%j reads as %j", (raw, shown) => {
    expect(cleanLogLine(raw)).toBe(shown);
  });
});

describe("the details shortcut", () => {
  const key = (init: KeyboardEventInit) => new KeyboardEvent("keydown", init);

  it("is Ctrl+I, or ⌘I on Apple systems", () => {
    expect(detailsShortcut("Mozilla/5.0 (X11; Linux x86_64)")).toEqual({ label: "Ctrl+I", aria: "Control+I" });
    expect(detailsShortcut("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5)")).toEqual({ label: "⌘I", aria: "Meta+I" });
  });

  it("matches Ctrl+I or ⌘I alone, on any keyboard layout", () => {
    expect(isDetailsShortcut(key({ key: "i", code: "KeyI", ctrlKey: true }))).toBe(true);
    expect(isDetailsShortcut(key({ key: "i", code: "KeyI", metaKey: true }))).toBe(true);
    expect(isDetailsShortcut(key({ key: "ш", code: "KeyI", ctrlKey: true }))).toBe(true);
    expect(isDetailsShortcut(key({ key: "i", code: "KeyI" }))).toBe(false);
    expect(isDetailsShortcut(key({ key: "I", code: "KeyI", ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isDetailsShortcut(key({ key: "i", code: "KeyI", ctrlKey: true, altKey: true }))).toBe(false);
    expect(isDetailsShortcut(key({ key: "i", code: "KeyI", ctrlKey: true, metaKey: true }))).toBe(false);
    expect(isDetailsShortcut(key({ key: "o", code: "KeyO", ctrlKey: true }))).toBe(false);
  });
});
