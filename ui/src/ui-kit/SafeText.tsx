// A server string in a header or a detail (preview, annotations, metadata): revealed,
// direction-isolated, cut to a limit with "Show all".
import { useState } from "react";
import { useT } from "../i18n";
import { RevealedText } from "./RevealedText";
import { truncate } from "./truncate";
import "./SafeText.css";

interface SafeTextProps {
  text: string;
  /** Characters shown until the person asks for all of it. */
  limit: number;
  className?: string;
  /** `p` for descriptions, `span` inside a line. */
  as?: "p" | "span" | "h3";
  testId?: string;
}

/**
 * A server string in a header or a detail: hidden characters revealed, direction isolated from
 * the surrounding UI (<bdi>), cut to `limit` characters with a button to see everything.
 */
export function SafeText({ text, limit, className, as: Tag = "span", testId }: SafeTextProps) {
  const { t, format } = useT();
  const [expanded, setExpanded] = useState(false);
  const shown = truncate(text, limit);
  const cut = shown.cut && !expanded;
  return (
    <Tag className={`safe-text${className ? ` ${className}` : ""}`} data-testid={testId}>
      <bdi className={expanded ? "safe-text__all" : undefined}>
        <RevealedText text={cut ? shown.text : text} />
        {cut && "…"}
      </bdi>
      {shown.cut && (
        <button
          type="button"
          className="link-button"
          aria-expanded={expanded}
          onClick={() => {
            setExpanded(!expanded);
          }}
        >
          {expanded ? t("preview.text.showLess") : t("preview.text.showAll", { count: format.number(text.length) })}
        </button>
      )}
    </Tag>
  );
}
