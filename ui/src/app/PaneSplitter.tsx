// The splitter on the edge of one of the window's side columns, wired to the saved widths.
import { useT } from "../i18n";
import { Splitter } from "../ui-kit/Splitter";
import type { usePaneWidths, Widths } from "./usePaneWidths";
import { CONNECTIONS, SIDE } from "./usePaneWidths";

export function PaneSplitter({ panes, column }: { panes: ReturnType<typeof usePaneWidths>; column: keyof Widths }) {
  const { t } = useT();
  const left = column === "connections";
  return (
    <Splitter
      label={t(left ? "splitter.connections" : "splitter.side")}
      value={panes.widths[column]}
      min={left ? CONNECTIONS.min : SIDE.min}
      max={panes.max[column]}
      // The connections column is left of its edge; the tabs' column is right of its own.
      direction={left ? 1 : -1}
      onChange={(width) => panes.set(column, width)}
      onCommit={panes.commit}
      testId={`splitter-${column}`}
    />
  );
}
