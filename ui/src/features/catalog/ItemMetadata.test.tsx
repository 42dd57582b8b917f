import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import type { Icon } from "../../ipc";
import { installIpc } from "../../test/ipc-mock";
import { forgetRemoteIcons } from "../icons/useIconSrc";
import { renderWithI18n } from "../../test/renderWithI18n";
import { ItemMetadata, iconShown } from "./ItemMetadata";

const PNG = "data:image/png;base64,iVBORw0KGgo=";
const SVG = "data:image/svg+xml;base64,PHN2Zz48c2NyaXB0Lz48L3N2Zz4=";
const FETCHED = "data:image/png;base64,RkVUQ0hFRA==";

beforeEach(forgetRemoteIcons);

describe("an item's _meta and icons", () => {
  it("draws inline icons (an SVG one only as an <img>), and https ones as Rust fetched them", async () => {
    const calls = installIpc({
      icon_data_url: (args) => {
        if (args.src === "https://example.org/gone.png") throw { code: "http", message: "the icon answered HTTP 404" };
        return FETCHED;
      },
    });
    const icons: Icon[] = [{ src: PNG, sizes: ["16x16"] }, { src: "https://example.org/i.png" }, { src: SVG }, { src: "https://example.org/gone.png" }];
    const { container } = renderWithI18n(<ItemMetadata icons={icons} />);
    await waitFor(() => expect(screen.getAllByTestId("item-icon").map((e) => e.dataset.shown)).toEqual(["image", "fetched", "svg", "remote"]));
    const entries = screen.getAllByTestId("item-icon");
    const images = container.querySelectorAll("img");
    expect([...images].map((image) => image.getAttribute("src"))).toEqual([PNG, FETCHED, SVG]);
    expect(container.querySelector("svg")).toBeNull();
    expect(entries[3]).toHaveTextContent("https://example.org/gone.png");
    expect(entries[3]).toHaveTextContent("Not loaded: the icon answered HTTP 404");
    // Only Rust fetches: the window asked it, once per URL.
    expect(calls.map((call) => call.args.src)).toEqual(["https://example.org/i.png", "https://example.org/gone.png"]);
    expect(iconShown("javascript:alert(1)").kind).toBe("other");
    expect(iconShown("DATA:IMAGE/JPEG;base64,AA").kind).toBe("image");
  });

  it("folds _meta, and opens it as the preview's JSON tree", async () => {
    const meta = { json: '{"example.org/owner":"team-tools","limits":{"perMinute":60}}', cut: false, bytes: 58 };
    renderWithI18n(<ItemMetadata meta={meta} />);
    const details = screen.getByTestId("item-meta-json");
    expect(details).not.toHaveAttribute("open");
    expect(details).toHaveTextContent("_meta (58 bytes)");
    // Folded, the tree is not even built.
    expect(details).not.toHaveTextContent("team-tools");
    await userEvent.click(within(details).getByText(/_meta/));
    expect(details).toHaveAttribute("open");
    expect(details).toHaveTextContent('"example.org/owner": "team-tools"');
  });

  it("says how much of a cut _meta is shown, and shows it as text", async () => {
    const meta = { json: '{"blob":"xxxx', cut: true, bytes: 10 * 1024 * 1024 };
    renderWithI18n(<ItemMetadata meta={meta} />, "zh-CN");
    await userEvent.click(screen.getByText(/_meta/));
    expect(screen.getByTestId("item-meta-cut")).toHaveTextContent("已截断");
    expect(screen.getByTestId("item-meta-cut")).toHaveTextContent("10");
    expect(screen.getByTestId("item-meta-json")).toHaveTextContent('{"blob":"xxxx');
  });

  it("shows nothing when there is neither", () => {
    const { container } = renderWithI18n(<ItemMetadata icons={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
