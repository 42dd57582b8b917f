import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ContentBlock } from "./ContentBlock";
import { renderWithI18n } from "../../test/renderWithI18n";

// One kind of view that throws while rendering, as one would on content no code expected.
vi.mock("./JsonView", () => ({
  JsonView: () => {
    throw new Error("nested too deep to draw");
  },
}));

describe("a content block that fails to render", () => {
  it("shows its error in place and the other blocks stay", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithI18n(
      <div>
        <ContentBlock content={{ uri: "demo://a.json", mimeType: "application/json", text: "{}" }} resourceUri="demo://a.json" />
        <ContentBlock content={{ uri: "demo://b.txt", mimeType: "text/plain", text: "still here" }} resourceUri="demo://b.txt" />
      </div>,
    );
    const failed = screen.getByTestId("content-block-error");
    expect(within(failed).getByRole("alert")).toHaveTextContent("This content could not be shown");
    expect(failed).toHaveTextContent("nested too deep to draw");
    expect(screen.getByText("still here")).toBeInTheDocument();

    await user.click(within(failed).getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByTestId("content-block-error")).toBeNull();
    expect(screen.getByText("still here")).toBeInTheDocument();
  });

  it("is translated", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderWithI18n(
      <ContentBlock content={{ uri: "demo://a.json", mimeType: "application/json", text: "{}" }} resourceUri="demo://a.json" />,
      "zh-CN",
    );
    expect(screen.getByTestId("content-block-error")).toHaveTextContent("无法显示此内容");
    expect(screen.getByRole("button", { name: "重试" })).toBeInTheDocument();
  });
});
