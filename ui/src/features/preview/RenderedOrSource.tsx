// The frame of a preview that can be shown two ways (rendered or as its source, a tree or raw):
// the toggle between them above, a note beside it if any, and the chosen way under it.
import { useState, type ReactNode } from "react";
import { useT } from "../../i18n";
import { ViewToggle } from "./ViewToggle";

type View = "rendered" | "source";

interface RenderedOrSourceProps {
  /** Shown first. */
  rendered: ReactNode;
  /** Null when there is no source to show: then there is nothing to toggle either. */
  source: ReactNode | null;
  /** The two ways' names, when not "Rendered" and "Source" (JSON's are "Tree" and "Raw"). */
  labels?: { rendered: string; source: string };
  /** Said beside the toggle. */
  note?: ReactNode;
}

/** One content, rendered or as source, with pressed buttons to choose. */
export function RenderedOrSource({ rendered, source, labels, note }: RenderedOrSourceProps) {
  const { t } = useT();
  const [view, setView] = useState<View>("rendered");
  return (
    <>
      {source !== null && (
        <div className="content-block__tools">
          <ViewToggle
            label={t("preview.view.label")}
            value={view}
            options={[
              { value: "rendered", label: labels?.rendered ?? t("preview.view.rendered") },
              { value: "source", label: labels?.source ?? t("preview.view.source") },
            ]}
            onChange={setView}
          />
          {note}
        </div>
      )}
      {view === "source" && source !== null ? source : rendered}
    </>
  );
}
