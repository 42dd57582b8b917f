// The one list of a resource's annotations, the same wherever a resource appears (preview
// header, basket items, templates, content items of reads and tool results): audience,
// priority, last modified, size, media type, and the name when a title hides it. A labelled
// group holding a description list, so a screen reader hears each value with its name; the
// values reuse the browser rows' widgets (ui-kit's RowMeta, ModifiedBadge), which carry text too.
import type { ReactNode } from "react";
import { useT, type MessageKey } from "../../i18n";
import type { Annotations as AnnotationValues } from "../../ipc";
import { audienceKind } from "../../ui-kit/resourceFields";
import { ModifiedBadge } from "../../ui-kit/ModifiedBadge";
import { AudienceIcons, PriorityMeter, SizeLabel } from "../../ui-kit/RowMeta";
import { SafeText } from "../../ui-kit/SafeText";
import "./annotations.css";

export interface AnnotationsProps {
  /** What the list belongs to, for its accessible name ("Annotations of …"). */
  of: string;
  annotations?: AnnotationValues | null;
  /** Size in bytes, when known. */
  size?: number | null;
  mimeType?: string | null;
  /** Both given and different: the name is listed (the title is what the heading shows). */
  title?: string | null;
  name?: string | null;
  testId?: string;
}

const AUDIENCE_KEYS = {
  user: "annotations.audience.user",
  assistant: "annotations.audience.assistant",
  both: "annotations.audience.both",
} as const satisfies Record<string, MessageKey>;

type EntryLabel =
  | "annotations.audience"
  | "annotations.priority"
  | "annotations.modified"
  | "annotations.size"
  | "annotations.mimeType"
  | "annotations.name";

interface Entry {
  field: string;
  label: EntryLabel;
  value: ReactNode;
}

/** The entries a resource has, in a fixed order; empty when it has none. */
function useEntries({ annotations, size, mimeType, title, name }: AnnotationsProps): Entry[] {
  const { t } = useT();
  const entries: Entry[] = [];
  const audience = audienceKind(annotations?.audience);
  if (audience !== null) {
    entries.push({
      field: "audience",
      label: "annotations.audience",
      value: (
        <>
          <AudienceIcons audience={annotations?.audience} />
          <span className="annotations__text">{t(AUDIENCE_KEYS[audience])}</span>
        </>
      ),
    });
  }
  const priority = annotations?.priority;
  if (typeof priority === "number" && Number.isFinite(priority)) {
    entries.push({ field: "priority", label: "annotations.priority", value: <PriorityMeter priority={priority} /> });
  }
  if (annotations?.lastModified) {
    entries.push({ field: "modified", label: "annotations.modified", value: <ModifiedBadge raw={annotations.lastModified} /> });
  }
  if (typeof size === "number" && Number.isFinite(size) && size >= 0) {
    entries.push({ field: "size", label: "annotations.size", value: <SizeLabel size={size} /> });
  }
  if (mimeType) {
    entries.push({
      field: "mimeType",
      label: "annotations.mimeType",
      value: <SafeText className="annotations__mime" text={mimeType} limit={80} />,
    });
  }
  const shownTitle = title?.trim();
  if (shownTitle && name && name.trim() !== "" && name !== shownTitle) {
    entries.push({ field: "name", label: "annotations.name", value: <SafeText text={name} limit={200} /> });
  }
  return entries;
}

/** A resource's annotations as a labelled list; nothing when it has none. */
export function Annotations(props: AnnotationsProps) {
  const { t } = useT();
  const entries = useEntries(props);
  if (entries.length === 0) return null;
  return (
    <div className="annotations" role="group" aria-label={t("annotations.label", { name: props.of })} data-testid={props.testId ?? "annotations"}>
      <dl className="annotations__list">
        {entries.map((entry) => (
          <div key={entry.field} className="annotations__entry" data-field={entry.field}>
            <dt className="annotations__label">{t(entry.label)}</dt>
            <dd className="annotations__value">{entry.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
