import { describe, expect, expectTypeOf, it } from "vitest";
import { interpolate, placeholders, type Catalog, type MessageKey, type Translate } from "./catalog";
import { en } from "./en";
import { zhCN } from "./zh-CN";

// Type-level guarantees: these lines fail `tsc` if the catalogs drift.
// @ts-expect-error a catalog missing keys is rejected
const missing: Catalog = { "app.name": "Lode" };
// @ts-expect-error a catalog with a key unknown to en is rejected
const extra: Catalog = { ...zhCN, "only.in.zh": "多余" };

describe("message catalogs", () => {
  it("are checked at the type level (see the @ts-expect-error lines above)", () => {
    expect(Object.keys(missing)).toHaveLength(1);
    expect(Object.keys(extra)).toHaveLength(Object.keys(en).length + 1);
  });

  it("zh-CN translates every key of en and nothing else", () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(en).sort());
  });

  it("zh-CN uses the same placeholders as en, and no message is empty", () => {
    for (const key of Object.keys(en) as MessageKey[]) {
      expect(placeholders(zhCN[key]), key).toEqual(placeholders(en[key]));
      expect(zhCN[key].trim(), key).not.toBe("");
    }
  });

  it("interpolates parameters as plain text", () => {
    expect(interpolate("Resources of {connection}", { connection: "<b>x</b>" })).toBe("Resources of <b>x</b>");
    expect(interpolate("{count} resources", { count: 3 })).toBe("3 resources");
    expect(interpolate("{missing} stays", {})).toBe("{missing} stays");
    expect(interpolate("{toString}", {})).toBe("{toString}");
  });

  it("types t() parameters from the English text", () => {
    expectTypeOf<Parameters<Translate>>().not.toBeAny();
    const t = ((key: string) => key) as Translate;
    // @ts-expect-error a message with placeholders needs its parameters
    t("browser.count.other");
    // @ts-expect-error a message without placeholders takes none
    t("browser.title", { x: 1 });
    expect(t("browser.title")).toBe("browser.title");
  });
});
