import { useMemo, useState } from "react";
import { useT } from "../../i18n";
import { JsonTree } from "./JsonTree";
import { TextView } from "./TextView";
import { ViewToggle } from "./ViewToggle";

type Parsed = { ok: true; value: unknown } | { ok: false; error: string };

export function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error: unknown) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** JSON as a collapsible tree, or pretty-printed text; text that does not parse stays text. */
export function JsonView({ text }: { text: string }) {
  const { t } = useT();
  const parsed = useMemo(() => parseJson(text), [text]);
  const [view, setView] = useState<"tree" | "raw">("tree");
  // Re-indented only when asked for: on a large document that is a second copy of it.
  const pretty = useMemo(
    () => (view === "raw" && parsed.ok ? JSON.stringify(parsed.value, null, 2) : ""),
    [view, parsed],
  );
  if (!parsed.ok) {
    return (
      <>
        <p className="preview-note">{t("preview.json.invalid", { error: parsed.error })}</p>
        <TextView text={text} language="json" />
      </>
    );
  }
  return (
    <>
      <div className="content-block__tools">
        <ViewToggle
          label={t("preview.view.label")}
          value={view}
          options={[
            { value: "tree", label: t("preview.view.tree") },
            { value: "raw", label: t("preview.view.raw") },
          ]}
          onChange={setView}
        />
      </div>
      {view === "tree" ? <JsonTree value={parsed.value} /> : <TextView text={pretty} language="json" />}
    </>
  );
}
