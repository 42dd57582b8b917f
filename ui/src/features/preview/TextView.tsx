import { useState } from "react";
import { useT } from "../../i18n";

/** Past this many characters the view shows a prefix until asked for everything. */
export const TEXT_PREVIEW_LIMIT = 200_000;

/** Server text shown as text: a <pre>, never parsed as markup. */
export function TextView({ text }: { text: string }) {
  const { t, format } = useT();
  const [showAll, setShowAll] = useState(false);
  const truncated = !showAll && text.length > TEXT_PREVIEW_LIMIT;
  return (
    <>
      <pre className="preview-text" data-testid="preview-text" tabIndex={0}>
        {truncated ? text.slice(0, TEXT_PREVIEW_LIMIT) : text}
      </pre>
      {truncated && (
        <p className="preview-truncated">
          {t("preview.truncated", { shown: format.number(TEXT_PREVIEW_LIMIT), total: format.number(text.length) })}{" "}
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              setShowAll(true);
            }}
          >
            {t("preview.showAll")}
          </button>
        </p>
      )}
    </>
  );
}
