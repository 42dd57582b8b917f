// Servers' icons: the one drawn for the current light or dark scheme, switched live; https
// ones through Rust (one IPC call per URL), never loaded by the webview itself.
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Icon } from "../../ipc";
import { installIpc } from "../../test/ipc-mock";
import { ResourceIcon } from "../browser/ResourceIcon";
import { renderWithI18n } from "../../test/renderWithI18n";
import { pickIcon } from "./pickIcon";
import { currentScheme } from "./scheme";
import { forgetRemoteIcons } from "./useIconSrc";

const LIGHT = "data:image/png;base64,TElHSFQ=";
const DARK = "data:image/png;base64,REFSSw==";
const ANY = "data:image/png;base64,QU5Z";

function setScheme(scheme: string | null) {
  act(() => {
    if (scheme === null) delete document.documentElement.dataset.scheme;
    else document.documentElement.dataset.scheme = scheme;
  });
}

/** A matchMedia whose dark preference the test sets and changes (jsdom has none). */
function prefersDark(initial: boolean) {
  let matches = initial;
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return matches;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal("matchMedia", () => query);
  return {
    change(dark: boolean) {
      matches = dark;
      listeners.forEach((listener) => listener());
    },
  };
}

beforeEach(forgetRemoteIcons);
afterEach(() => {
  setScheme(null);
  vi.unstubAllGlobals();
});

describe("picking a server's icon", () => {
  const themed: Icon[] = [
    { src: LIGHT, theme: "light" },
    { src: DARK, theme: "dark" },
    { src: ANY },
  ];

  it("takes the one drawn for the scheme, else one for any theme, else the other theme's", () => {
    expect(pickIcon(themed, "light")).toEqual({ kind: "inline", src: LIGHT });
    expect(pickIcon(themed, "dark")).toEqual({ kind: "inline", src: DARK });
    expect(pickIcon([{ src: LIGHT, theme: "light" }, { src: ANY }], "dark")).toEqual({ kind: "inline", src: ANY });
    expect(pickIcon([{ src: LIGHT, theme: "light" }], "dark")).toEqual({ kind: "inline", src: LIGHT });
  });

  it("shows https icons (through Rust) but never http, javascript: or huge inline ones", () => {
    expect(pickIcon([{ src: "http://example.org/a.png" }, { src: "https://example.org/b.png" }], "light")).toEqual({
      kind: "remote",
      src: "https://example.org/b.png",
    });
    expect(pickIcon([{ src: "https://example.org/b.png" }, { src: ANY }], "light")).toEqual({ kind: "inline", src: ANY });
    expect(pickIcon([{ src: "javascript:alert(1)" }, { src: `data:image/png;base64,${"A".repeat(70_000)}` }], "light")).toBeNull();
  });

  it("reads the scheme from <html data-scheme>, else from the OS preference, and follows both live", async () => {
    const os = prefersDark(true);
    setScheme("light");
    expect(currentScheme()).toBe("light");
    renderWithI18n(<ResourceIcon item={{ icons: [{ src: LIGHT, theme: "light" }, { src: DARK, theme: "dark" }] }} />);
    expect(screen.getByTestId("server-icon")).toHaveAttribute("src", LIGHT);
    // The theme switch sets data-scheme: the icon follows.
    setScheme("dark");
    await waitFor(() => expect(screen.getByTestId("server-icon")).toHaveAttribute("src", DARK));
    // No data-scheme: the OS decides, and a change of the OS preference is followed too.
    setScheme(null);
    expect(currentScheme()).toBe("dark");
    act(() => os.change(false));
    await waitFor(() => expect(screen.getByTestId("server-icon")).toHaveAttribute("src", LIGHT));
    expect(currentScheme()).toBe("light");
  });

  it("draws an https icon as the data: URL Rust fetched, asking once for every row that shows it", async () => {
    const fetched = "data:image/png;base64,RkVUQ0hFRA==";
    const calls = installIpc({ icon_data_url: () => fetched });
    const item = { icons: [{ src: "https://icons.example.org/a.png" }], mimeType: "text/plain" };
    renderWithI18n(
      <>
        <ResourceIcon item={item} />
        <ResourceIcon item={item} />
      </>,
    );
    await waitFor(() => expect(screen.getAllByTestId("server-icon")).toHaveLength(2));
    for (const image of screen.getAllByTestId("server-icon")) expect(image).toHaveAttribute("src", fetched);
    expect(calls).toEqual([{ cmd: "icon_data_url", args: { src: "https://icons.example.org/a.png" } }]);
  });

  it("keeps the media type's icon when Rust refuses the https one", async () => {
    const calls = installIpc({
      icon_data_url: () => {
        throw { code: "protocol", message: "not an image" };
      },
    });
    const { container } = renderWithI18n(<ResourceIcon item={{ icons: [{ src: "https://icons.example.org/x.png" }], mimeType: "text/plain" }} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId("server-icon")).toBeNull();
    expect(container.querySelector(".icon--text")).not.toBeNull();
  });
});
