import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithI18n } from "../../test/renderWithI18n";

// pdf.js needs a real canvas and workers: the view is tested against its small interface.
const rendered: number[] = [];
const closed = vi.fn();
const openPdf = vi.fn((bytes: Uint8Array) => {
  if (bytes[0] !== 0x25) return Promise.reject(new Error("Invalid PDF structure."));
  return Promise.resolve({
    pages: 3,
    renderPage: (page: number) => {
      rendered.push(page);
      return { done: Promise.resolve(), cancel: () => undefined };
    },
    close: closed,
  });
});
vi.mock("./pdfDocument", () => ({ openPdf: (bytes: Uint8Array) => openPdf(bytes) }));

const { PdfView } = await import("./PdfView");

describe("PDF", () => {
  it("draws one page at a time with previous and next", async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithI18n(<PdfView blob={btoa("%PDF-1.7 ...")} uri="file:///spec.pdf" />);
    expect(await screen.findByText("Page 1 of 3")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Page 1 of file:///spec.pdf" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous page" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Next page" }));
    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(screen.getByText("Page 3 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next page" })).toBeDisabled();
    await waitFor(() => {
      expect(rendered.slice(-3)).toEqual([1, 2, 3]);
    });
    unmount();
    expect(closed).toHaveBeenCalled();
  });

  it("says why a PDF cannot be shown", async () => {
    renderWithI18n(<PdfView blob={btoa("not a pdf")} uri="file:///bad.pdf" />);
    expect(await screen.findByText("The PDF could not be shown: Invalid PDF structure.")).toBeInTheDocument();
  });
});
