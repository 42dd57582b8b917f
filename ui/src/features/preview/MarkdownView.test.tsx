import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MarkdownView } from "./MarkdownView";
import { safeHref } from "./markdown";
import { renderWithI18n } from "../../test/renderWithI18n";

const HOSTILE = [
  "# Title <img src=x onerror=alert(1)>",
  "",
  "<script>alert('block')</script>",
  "",
  'Text with <b>inline</b> html and <iframe src="https://example.com"></iframe>.',
  "",
  "[js link](javascript:alert(1)) [data link](data:text/html,<script>alert(1)</script>) [file](file:///etc/passwd)",
  "[relative](../secrets) [web](https://example.com/a?b=1) [mail](mailto:a@example.com) <javascript:alert(2)>",
  "",
  "![remote image](https://tracker.example/pixel.png) ![](http://x/y.png)",
  "",
  "```rust",
  'fn main() { println!("<script>"); }',
  "```",
  "",
  "| a | b |",
  "|:-:|--:|",
  "| 1 | 2 |",
].join("\n");

describe("markdown", () => {
  it("renders structure from tokens and keeps raw HTML as text", () => {
    const { container } = renderWithI18n(<MarkdownView text={HOSTILE} />);
    const view = screen.getByTestId("preview-text");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Title <img src=x onerror=alert(1)>");
    expect(view).toHaveTextContent("<script>alert('block')</script>");
    expect(view).toHaveTextContent("<b>inline</b>");
    for (const tag of ["script", "img", "iframe", "b", "a", "object", "embed"]) {
      expect(container.querySelector(tag), tag).toBeNull();
    }
    expect(container.querySelectorAll("[href], [src], [onerror]")).toHaveLength(0);
    expect(screen.getByRole("table")).toBeInTheDocument();
    expect(container.querySelector("th")).toHaveClass("md-align-center");
    expect(container.querySelector("pre.md-code .tok-keyword")).toHaveTextContent("fn");
  });

  it("keeps only http(s) and mailto links, and none of them navigates", () => {
    const { container } = renderWithI18n(<MarkdownView text={HOSTILE} />);
    const targets = Array.from(container.querySelectorAll(".md-link"), (el) => el.getAttribute("data-href"));
    // (The first is linkified text: the iframe's URL, shown as the text it is.)
    expect(targets).toEqual(["https://example.com/", "https://example.com/a?b=1", "mailto:a@example.com"]);
    expect(screen.getByTestId("preview-text")).toHaveTextContent("[js link](javascript:alert(1))");
    const before = window.location.href;
    fireEvent.click(screen.getByText("web"));
    expect(window.location.href).toBe(before);
  });

  it("never fetches images: their alt text stands in", () => {
    renderWithI18n(<MarkdownView text={HOSTILE} />);
    const images = screen.getAllByTestId("md-image");
    expect(images.map((el) => el.textContent)).toEqual(["remote image", "Image"]);
    expect(images[0]).toHaveAttribute("title", "Image not loaded: https://tracker.example/pixel.png");
  });

  it("reveals hidden characters in markdown text", () => {
    renderWithI18n(<MarkdownView text={"admin\u202Etxt.exe and a \u0007 bell"} />);
    expect(screen.getByTestId("preview-text")).toHaveTextContent("admin⟨U+202E⟩txt.exe and a ⟨U+0007⟩ bell");
  });

  it("accepts only absolute http, https and mailto targets", () => {
    expect(safeHref("https://a.example/x")).toBe("https://a.example/x");
    expect(safeHref(" JAVASCRIPT:alert(1)")).toBeNull();
    expect(safeHref("java\tscript:alert(1)")).toBeNull();
    expect(safeHref("vbscript:x")).toBeNull();
    expect(safeHref("/relative")).toBeNull();
    expect(safeHref("#anchor")).toBeNull();
  });
});
