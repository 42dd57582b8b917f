// A connection's resource templates as a keyboard listbox (tested, not mounted by the app:
// templates are reached through the browser's tree).
import { useId, useState, type KeyboardEvent } from "react";
import { useT } from "../../i18n";
import type { ConnectionId, ResourceTemplate } from "../../ipc";
import { EmptyState } from "../../ui-kit/EmptyState";
import { Spinner } from "../../ui-kit/Spinner";
import { LodeErrorBanner } from "../errors";
import { Annotations } from "../annotations";
import { useTemplates } from "./useTemplates";
import { HighlightedText } from "../../ui-kit/HighlightedText";
import { RevealedText } from "../../ui-kit/RevealedText";
import "./templates.css";

export interface TemplatesListProps {
  connectionId: ConnectionId;
  /** The selected template's `uriTemplate`; leave out to let the list keep its own selection. */
  selected?: string | null;
  onSelect?: (template: ResourceTemplate) => void;
}

/**
 * A connection's resource templates (title or name, the template, the description) as a
 * listbox: click, or arrows / Home / End to move the selection, which follows the keyboard.
 * Loading, failure (with Retry) and "no templates" each have their own state.
 */
export function TemplatesList({ connectionId, selected, onSelect }: TemplatesListProps) {
  const { t } = useT();
  const { state, reload } = useTemplates(connectionId);
  const [chosen, setChosen] = useState<string | null>(null);
  const id = useId();
  const current = selected === undefined ? chosen : selected;

  if (state.status === "idle" || state.status === "loading") {
    return <Spinner label={t("templates.loading")} size="small" />;
  }
  if (state.status === "error") return <LodeErrorBanner error={state.error} onRetry={reload} />;
  if (state.status === "empty") {
    return (
      <div data-testid="templates-empty">
        <EmptyState>{t("templates.empty")}</EmptyState>
      </div>
    );
  }

  const { templates } = state;
  const at = templates.findIndex((template) => template.uriTemplate === current);
  const select = (template: ResourceTemplate) => {
    setChosen(template.uriTemplate);
    onSelect?.(template);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = templates.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(at + 1, last),
      ArrowUp: at < 0 ? last : Math.max(at - 1, 0),
      Home: 0,
      End: last,
    };
    const target = event.key === "Enter" || event.key === " " ? Math.max(at, 0) : moves[event.key];
    const template = target === undefined ? undefined : templates[target];
    if (!template) return;
    event.preventDefault();
    select(template);
    document.getElementById(`${id}-${target}`)?.scrollIntoView({ block: "nearest" });
  };

  return (
    <ul
      className="templates-list"
      role="listbox"
      aria-label={t("templates.list.label")}
      tabIndex={0}
      aria-activedescendant={at >= 0 ? `${id}-${at}` : undefined}
      onKeyDown={onKeyDown}
      data-testid="templates-list"
    >
      {templates.map((template, index) => (
        <li
          key={`${index}:${template.uriTemplate}`}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === at}
          className="templates-list__item"
          data-testid="template-row"
          onClick={() => select(template)}
        >
          <span className="templates-list__title">
            <HighlightedText text={template.title ?? template.name} />
          </span>
          {template.title && template.title !== template.name && (
            <span className="templates-list__name">
              <HighlightedText text={template.name} />
            </span>
          )}
          <code className="templates-list__template" data-testid="template-row-template">
            <HighlightedText text={template.uriTemplate} />
          </code>
          {template.description && (
            <span className="templates-list__description">
              <bdi>
                <RevealedText text={template.description} keepLayout />
              </bdi>
            </span>
          )}
          <Annotations
            of={template.title ?? template.name}
            annotations={template.annotations}
            mimeType={template.mimeType}
            testId="template-annotations"
          />
        </li>
      ))}
    </ul>
  );
}
