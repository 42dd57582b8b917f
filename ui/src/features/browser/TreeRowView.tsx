// One row of the resource tree (a folder with its count, a resource, or a template), indented
// by depth at the tree's fixed row height.
import { memo } from "react";
import { useT, type MessageKey, type Translate } from "../../i18n";
import type { FolderKind, IndexRow, ResourceTemplate, TreeRow } from "../../ipc";
import { HighlightedText } from "../../ui-kit/HighlightedText";
import { DescriptionMatch } from "./DescriptionMatch";
import { visibleText } from "../../ui-kit/serverText";
import { Chevron, FolderIcon, TemplateIcon } from "../../ui-kit/icons";
import { RowPlaceholder } from "./ListRow";
import { ModifiedBadge } from "../../ui-kit/ModifiedBadge";
import { ResourceIcon } from "./ResourceIcon";
import { indexedName, isBlank } from "./rowIds";
import { KindBadge } from "../../ui-kit/KindBadge";
import { AudienceIcons, PriorityMeter, SizeLabel } from "../../ui-kit/RowMeta";
import { rowTooltip } from "./rowTooltip";
import { SelectBox } from "./SelectBox";

/** Height of a tree row in CSS pixels (fixed: the tree never measures). */
export const TREE_ROW_HEIGHT = 32;
const INDENT = 16;

interface TreeRowViewProps {
  /** Undefined while its window is being fetched. */
  row: TreeRow | undefined;
  selected: boolean;
}

/** One visible row of the tree: a folder, a resource or a template. Memoized like the list's. */
export const TreeRowView = memo(function TreeRowView({ row, selected }: TreeRowViewProps) {
  if (!row) return <RowPlaceholder />;
  const indent = { paddingInlineStart: 6 + row.depth * INDENT };
  const { node } = row;
  if (node.type === "folder") {
    return (
      <div className="trow trow--folder" style={indent}>
        <span className="trow__toggle" data-toggle>
          <Chevron open={node.expanded} />
        </span>
        <FolderIcon kind={node.kind} />
        <FolderLabel label={node.label} kind={node.kind} count={node.count} />
      </div>
    );
  }
  if (node.type === "resource") {
    return (
      <div className="trow" style={indent}>
        <span className="trow__toggle" />
        <ResourceLeaf row={node.row} selected={selected} />
      </div>
    );
  }
  return (
    <div className="trow" style={indent}>
      <span className="trow__toggle" />
      <TemplateLeaf template={node.template} />
    </div>
  );
});

const KIND_FOLDER_LABELS = {
  resource: "browser.tree.kind.resource",
  app: "browser.tree.kind.app",
  skill: "browser.tree.kind.skill",
} as const satisfies Record<string, MessageKey>;

const isKindLabel = (label: string): label is keyof typeof KIND_FOLDER_LABELS => Object.hasOwn(KIND_FOLDER_LABELS, label);

/** The name a folder shows: the index names templates, unparsed and kinds' folders in English. */
function folderName(t: Translate, label: string, kind: FolderKind): string {
  if (kind === "templates") return t("browser.tree.templates");
  if (kind === "unparsed") return t("browser.tree.unparsed");
  if (kind === "kind" && isKindLabel(label)) return t(KIND_FOLDER_LABELS[label]);
  return label;
}

function FolderLabel({ label, kind, count }: { label: string; kind: FolderKind; count: number }) {
  const { t, format } = useT();
  const shown = folderName(t, label, kind);
  const counted = format.number(count);
  return (
    <>
      <HighlightedText className={`trow__label trow__label--${kind}`} text={shown} />
      <span
        className="trow__count"
        title={t(kind === "templates" ? "browser.tree.templateCount" : "browser.tree.resourceCount", { count: counted })}
      >
        {counted}
      </span>
    </>
  );
}

function ResourceLeaf({ row, selected }: { row: IndexRow; selected: boolean }) {
  const { item } = row;
  const name = indexedName(item);
  const blank = isBlank(name);
  return (
    <>
      <SelectBox selected={selected} />
      <ResourceIcon item={item} />
      <span className="trow__main" title={rowTooltip(item)}>
        <HighlightedText
          className="trow__label"
          text={blank ? item.uri : name}
          matches={blank ? row.uriMatches : row.nameMatches}
        />
        {row.descriptionMatches.length > 0 && item.description && (
          <DescriptionMatch description={item.description} matches={row.descriptionMatches} />
        )}
      </span>
      <KindBadge kind={row.kind} />
      <AudienceIcons audience={item.annotations.audience} />
      <PriorityMeter priority={item.annotations.priority} />
      <SizeLabel size={item.size} />
      <ModifiedBadge raw={item.annotations.lastModified} />
    </>
  );
}

function TemplateLeaf({ template }: { template: ResourceTemplate }) {
  const name = template.title ?? template.name;
  const tooltip = [visibleText(name), visibleText(template.uriTemplate, 600)];
  if (template.description) tooltip.push(visibleText(template.description, 600));
  return (
    <>
      <TemplateIcon />
      <span className="trow__main" title={tooltip.join("\n")}>
        <HighlightedText className="trow__label" text={isBlank(name) ? template.uriTemplate : name} />
        <HighlightedText className="trow__template" text={template.uriTemplate} />
      </span>
    </>
  );
}
