import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "../../i18n";
import type { IndexRow, ResourceItem } from "../../ipc";
import { isDirectory } from "./directory";
import { ListRow } from "./ListRow";
import { ResourceIcon } from "./ResourceIcon";

const folder: ResourceItem = {
  server: "Files",
  uri: "file:///project/src",
  name: "src",
  mimeType: "inode/directory",
  annotations: {},
};

describe("an inode/directory resource", () => {
  it("is recognised with parameters and in any case, and nothing else is", () => {
    expect(isDirectory("inode/directory")).toBe(true);
    expect(isDirectory("Inode/Directory; charset=binary")).toBe(true);
    expect(isDirectory("inode/directory-x")).toBe(false);
    expect(isDirectory("text/plain")).toBe(false);
    expect(isDirectory(undefined)).toBe(false);
  });

  it("shows the folder icon, the one the tree's folders have", () => {
    const { container } = render(<ResourceIcon item={folder} />);
    expect(container.querySelector(".icon--folder.icon--path")).not.toBeNull();
    const file = render(<ResourceIcon item={{ ...folder, mimeType: "text/plain" }} />);
    expect(file.container.querySelector(".icon--folder")).toBeNull();
  });

  it("as a row of the list", () => {
    const row: IndexRow = { item: folder, kind: "resource", nameMatches: [], uriMatches: [], descriptionMatches: [] };
    const { container } = render(
      <I18nProvider defaultLocale="en">
        <ListRow row={row} selected={false} />
      </I18nProvider>,
    );
    expect(container.querySelector(".icon--folder")).not.toBeNull();
  });
});
