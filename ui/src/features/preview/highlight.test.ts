import { describe, expect, it } from "vitest";
import { highlightTokens, type TokenNode } from "./highlight";

function textOf(node: TokenNode): string {
  return node.children.map((child) => (typeof child === "string" ? child : textOf(child))).join("");
}

function scopes(node: TokenNode): string[] {
  return node.children.flatMap((child) => (typeof child === "string" ? [] : [child.scope ?? "", ...scopes(child)]));
}

describe("highlighting", () => {
  it("builds a token tree whose text is exactly the source", () => {
    const source = 'fn main() {\n    let s = "<b>&amp;</b>"; // <script>\n}\n';
    const tree = highlightTokens(source, "rust");
    expect(textOf(tree)).toBe(source);
    expect(scopes(tree)).toEqual(expect.arrayContaining(["keyword", "string", "comment"]));
  });

  it("keeps markup as raw text, never as escaped or parsed HTML", () => {
    const html = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const tree = highlightTokens(html, "xml");
    expect(textOf(tree)).toBe(html);
    expect(JSON.stringify(tree)).not.toContain("&lt;");
  });

  it("nests a sub-language (a script inside HTML)", () => {
    const tree = highlightTokens("<script>let a = 1;</script>", "xml");
    expect(scopes(tree)).toContain("language:javascript");
  });
});
