import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { installIpc } from "../../test/ipc-mock";
import { ContentBlock } from "./ContentBlock";
import { renderWithI18n } from "../../test/renderWithI18n";

const bytes = (length: number) => btoa(String.fromCharCode(...Array.from({ length }, (_, i) => i % 256)));

describe("a content block", () => {
  it("calls an app's page an app, and plain HTML HTML", () => {
    installIpc({});
    const page = "<!doctype html><p>hi</p>";
    renderWithI18n(<ContentBlock content={{ uri: "ui://a/app.html", mimeType: "text/html;profile=mcp-app", text: page }} resourceUri="ui://a/app.html" />);
    renderWithI18n(<ContentBlock content={{ uri: "file:///b.html", mimeType: "text/html", text: page }} resourceUri="file:///b.html" />);
    expect(screen.getAllByText(/^(App|HTML)$/).map((badge) => badge.textContent)).toEqual(["App", "HTML"]);
  });

  it("shows a binary's size, a hex dump of its head, and saves it through Rust", async () => {
    const user = userEvent.setup();
    const calls = installIpc({ save_content_as: () => true });
    const blob = bytes(1000);
    renderWithI18n(<ContentBlock content={{ uri: "demo://a.bin", mimeType: "application/zip", blob }} resourceUri="demo://a.bin" />);
    expect(screen.getByText("Binary content, application/zip, 1 kB")).toBeInTheDocument();
    const dump = screen.getByTestId("preview-hex");
    expect(dump.querySelectorAll("tbody tr")).toHaveLength(32);
    expect(dump.querySelector("tbody tr")?.textContent).toBe(
      "0000000000 01 02 03 04 05 06 07  08 09 0a 0b 0c 0d 0e 0f................",
    );
    expect(screen.getByText("The first 512 bytes")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save as…" }));
    expect(await screen.findByText("Saved.")).toBeInTheDocument();
    expect(calls).toEqual([
      { cmd: "save_content_as", args: { uri: "demo://a.bin", mimeType: "application/zip", blob } },
    ]);
  });

  it("says why a save failed, and nothing when it was cancelled", async () => {
    const user = userEvent.setup();
    let answer: () => unknown = () => false;
    installIpc({ save_content_as: () => answer() });
    renderWithI18n(<ContentBlock content={{ uri: "demo://b", blob: "AAEC" }} resourceUri="demo://b" />);
    await user.click(screen.getByRole("button", { name: "Save as…" }));
    expect(screen.getByRole("status")).toHaveTextContent("");
    answer = () => {
      throw { code: "invalidInput", message: "could not write /x: Permission denied" };
    };
    await user.click(screen.getByRole("button", { name: "Save as…" }));
    expect(await screen.findByText("Could not save: could not write /x: Permission denied")).toBeInTheDocument();
  });

  it("reports invalid base64 inside the block, whatever the media type", () => {
    for (const mimeType of ["image/png", "application/pdf", "audio/mpeg", "application/octet-stream"]) {
      const { unmount } = renderWithI18n(
        <ContentBlock content={{ uri: "demo://bad", mimeType, blob: "AAAA\u202E!!" }} resourceUri="demo://bad" />,
      );
      expect(screen.getByTestId("preview-problem")).toHaveTextContent(
        "The server sent invalid base64: character U+202E at offset 4.",
      );
      expect(screen.queryByRole("button", { name: "Save as…" })).toBeNull();
      unmount();
    }
  });

  it("plays audio from a blob: URL, released when the block goes away", () => {
    // jsdom has no blob: URLs: stand in for the two functions, and put things back after.
    const create = vi.fn(() => "blob:lode/1");
    const revoke = vi.fn();
    const original: Partial<Record<string, PropertyDescriptor>> = Object.getOwnPropertyDescriptors(URL);
    URL.createObjectURL = create;
    URL.revokeObjectURL = revoke;
    onTestFinished(() => {
      for (const name of ["createObjectURL", "revokeObjectURL"] as const) {
        const descriptor = original[name];
        if (descriptor) Object.defineProperty(URL, name, descriptor);
        else Reflect.deleteProperty(URL, name);
      }
    });
    const { unmount } = renderWithI18n(
      <ContentBlock content={{ uri: "demo://s.mp3", mimeType: "audio/mpeg", blob: bytes(30) }} resourceUri="demo://s.mp3" />,
    );
    const audio = screen.getByTestId("preview-audio");
    expect(audio).toHaveAttribute("controls");
    expect(audio.getAttribute("src")).toBe("blob:lode/1");
    expect(create).toHaveBeenCalledTimes(1);
    unmount();
    expect(revoke).toHaveBeenCalledWith("blob:lode/1");
  });

  it("shows an SVG only through <img>, its source as text on request", async () => {
    const user = userEvent.setup();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>';
    const { container } = renderWithI18n(
      <ContentBlock content={{ uri: "demo://i.svg", mimeType: "image/svg+xml", text: svg }} resourceUri="demo://i.svg" />,
    );
    const img = screen.getByRole("img", { name: "Image content of demo://i.svg" });
    expect(img.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(container.querySelector("svg, script, object, embed, iframe")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Source" }));
    expect(await screen.findByTestId("preview-text")).toHaveTextContent("<script>alert(2)</script>");
  });

  it("shows the content's own URI and media type as inert text", () => {
    renderWithI18n(
      <ContentBlock
        content={{ uri: "demo://x/\u202Eevil<b>", mimeType: "text/plain", text: "hello" }}
        resourceUri="demo://x"
      />,
    );
    expect(screen.getByText((_, el) => el?.textContent === "demo://x/⟨U+202E⟩evil<b>" && el.tagName === "BDI")).toBeInTheDocument();
  });
  it("folds the content's own _meta until it is opened, and shows none when there is none", async () => {
    const user = userEvent.setup();
    const meta = { json: '{"dev.example/source":"camera 2"}', cut: false, bytes: 33 };
    const { unmount } = renderWithI18n(
      <ContentBlock content={{ uri: "demo://a.txt", mimeType: "text/plain", text: "hello", meta }} resourceUri="demo://a.txt" />,
    );
    const details = screen.getByTestId("item-meta-json");
    expect(details).not.toHaveAttribute("open");
    expect(details).toHaveTextContent("_meta (33 bytes)");
    expect(details).not.toHaveTextContent("camera 2");
    await user.click(screen.getByText("_meta (33 bytes)"));
    expect(details).toHaveAttribute("open");
    expect(details).toHaveTextContent("camera 2");
    unmount();
    renderWithI18n(<ContentBlock content={{ uri: "demo://a.txt", text: "hello" }} resourceUri="demo://a.txt" />);
    expect(screen.queryByTestId("item-meta-json")).toBeNull();
  });
});
