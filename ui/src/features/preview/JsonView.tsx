// The JSON preview: a tree or the raw text, and the parse that decides whether there is a tree.
import { useMemo } from "react";
import { useT } from "../../i18n";
import { JsonTree } from "./JsonTree";
import { RenderedOrSource } from "./RenderedOrSource";
import { TextView } from "./TextView";

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
  if (!parsed.ok) {
    return (
      <>
        <p className="preview-note">{t("preview.json.invalid", { error: parsed.error })}</p>
        <TextView text={text} language="json" />
      </>
    );
  }
  return (
    <RenderedOrSource
      labels={{ rendered: t("preview.view.tree"), source: t("preview.view.raw") }}
      rendered={<JsonTree value={parsed.value} />}
      source={<PrettyJson value={parsed.value} />}
    />
  );
}

/** The value re-indented, rendered only when asked for: on a large document that is a second copy of it. */
function PrettyJson({ value }: { value: unknown }) {
  const pretty = useMemo(() => JSON.stringify(value, null, 2), [value]);
  return <TextView text={pretty} language="json" />;
}
