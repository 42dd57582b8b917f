import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "../../i18n";
import type { AppReview } from "../../ipc";
import { AppReviewPane } from "./AppReviewPane";

const review = (overrides: Partial<AppReview> = {}): AppReview => ({
  connectionId: 1,
  uri: "ui://weather/app.html",
  declaration: {
    csp: {
      connectDomains: ["https://api.example\u200b.com"],
      resourceDomains: [],
      frameDomains: [],
      baseUriDomains: [],
      cut: false,
    },
    permissions: { camera: true, microphone: false, geolocation: true, clipboardWrite: false },
    domain: "weather.example",
    prefersBorder: true,
  },
  frameCsp: { policy: "default-src 'none'", refused: [{ source: "'unsafe-eval'", reason: "notAnOrigin" }] },
  approval: "changed",
  pageBytes: 100,
  ...overrides,
});

describe("AppReviewPane", () => {
  it("shows each declared origin revealed, the permissions it asks for, and what Lode left out", () => {
    render(
      <I18nProvider defaultLocale="en">
        <AppReviewPane review={review()} />
      </I18nProvider>,
    );
    const pane = screen.getByTestId("app-review");
    expect(pane).toHaveTextContent("Connects to");
    // The zero-width space in the origin is shown as a marker, not hidden.
    expect(screen.getAllByTestId("hidden-char")).toHaveLength(1);
    expect(screen.getByTestId("app-review-permissions")).toHaveTextContent("Camera, Location. Lode grants none of these.");
    expect(screen.getByTestId("app-review-refused")).toHaveTextContent("'unsafe-eval'");
    expect(pane).toHaveTextContent("weather.example");
    expect(screen.getByTestId("app-review-approval")).toHaveAttribute("data-approval", "changed");
    expect(screen.getByTestId("app-review-approval")).toHaveTextContent("Its declaration changed since you ran it");
  });

  it("says an app that declares nothing runs with no network, in Chinese too", () => {
    const undeclared = review({ approval: "new", frameCsp: { policy: "", refused: [] } });
    delete undeclared.declaration;
    render(
      <I18nProvider defaultLocale="zh-CN">
        <AppReviewPane review={undeclared} />
      </I18nProvider>,
    );
    expect(screen.getByTestId("app-review-undeclared")).toHaveTextContent("它未声明任何内容");
    expect(screen.queryByTestId("app-review-refused")).toBeNull();
    expect(screen.getByTestId("app-review-permissions")).toHaveTextContent("无");
  });
});
