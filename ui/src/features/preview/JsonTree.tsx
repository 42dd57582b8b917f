// The JSON tree view: the document pretty-printed as JSON.stringify would, every object and
// array foldable, children a page at a time.
import { useMemo, useState, type ReactNode } from "react";
import { useT } from "../../i18n";
import { RevealedText } from "../../ui-kit/RevealedText";
import { truncate } from "./reveal";

/** Children shown per object or array before a "show more" button. */
export const JSON_CHILD_PAGE = 100;
/** Documents with at most this many values open fully; larger ones open their first level. */
const SMALL_DOCUMENT = 200;
/** Long strings are cut in the tree (the raw view has them whole). */
const STRING_LIMIT = 1000;
const KEY_LIMIT = 200;
const INDENT = "  ";

type Container = Record<string, unknown> | unknown[];

function isContainer(value: unknown): value is Container {
  return typeof value === "object" && value !== null;
}

/** How many values `value` holds, counting no further than `stop` (cheap on huge documents). */
export function countValues(value: unknown, stop: number): number {
  let count = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0 && count <= stop) {
    const next = pending.pop();
    count += 1;
    if (!isContainer(next)) continue;
    for (const child of Array.isArray(next) ? next : Object.values(next)) {
      if (pending.length > stop) break;
      pending.push(child);
    }
  }
  return count;
}

/** A string as JSON writes it (quoted, escaped), hidden characters revealed, cut when long. */
function Quoted({ text, limit, className }: { text: string; limit: number; className: string }) {
  const shown = truncate(text, limit);
  const json = JSON.stringify(shown.text);
  return (
    <span className={className}>
      <RevealedText text={shown.cut ? `${json.slice(0, -1)}…"` : json} />
    </span>
  );
}

function Scalar({ value }: { value: unknown }) {
  if (typeof value === "string") return <Quoted text={value} limit={STRING_LIMIT} className="json-string" />;
  if (typeof value === "number") return <span className="json-number">{JSON.stringify(value)}</span>;
  if (typeof value === "boolean") return <span className="json-boolean">{String(value)}</span>;
  return <span className="json-null">null</span>;
}

interface MemberProps {
  /** The key in an object; null for array items and the document itself. */
  name: string | null;
  value: unknown;
  depth: number;
  /** Whether a comma follows (every member but the last). */
  comma: boolean;
  openAll: boolean;
}

/** One member on its own line(s), indented as JSON.stringify(value, null, 2) would. */
function Member(props: MemberProps) {
  const { name, value, depth, comma } = props;
  if (isContainer(value)) return <ContainerMember {...props} value={value} />;
  return (
    <>
      {INDENT.repeat(depth)}
      {name !== null && (
        <>
          <Quoted text={name} limit={KEY_LIMIT} className="json-key" />
          {": "}
        </>
      )}
      <Scalar value={value} />
      {comma && ","}
      {depth > 0 && "\n"}
    </>
  );
}

function ContainerMember({ name, value, depth, comma, openAll }: MemberProps & { value: Container }) {
  const { t, format } = useT();
  const [open, setOpen] = useState(depth === 0 || openAll);
  const [shown, setShown] = useState(JSON_CHILD_PAGE);
  const isArray = Array.isArray(value);
  // Entries are built only while open: a closed object of 100,000 keys costs nothing.
  const entries = useMemo<[string | null, unknown][]>(
    () => (!open ? [] : Array.isArray(value) ? value.map((v) => [null, v]) : Object.entries(value)),
    [open, value],
  );
  const size = Array.isArray(value) ? value.length : open ? entries.length : Object.keys(value).length;
  const [opening, closing] = isArray ? ["[", "]"] : ["{", "}"];
  const pad = INDENT.repeat(depth);
  const label = name === null ? t(depth === 0 ? "preview.json.root" : "preview.json.item") : name.slice(0, KEY_LIMIT);
  const summary = isArray
    ? t(size === 1 ? "preview.json.items.one" : "preview.json.items.other", { count: format.number(size) })
    : t(size === 1 ? "preview.json.keys.one" : "preview.json.keys.other", { count: format.number(size) });
  const remaining = size - shown;

  let body: ReactNode;
  if (size === 0) body = closing;
  else if (!open) {
    body = (
      <>
        <span className="json-ellipsis">…</span>
        {closing}
        <span className="json-summary"> {summary}</span>
      </>
    );
  } else {
    body = (
      <>
        {"\n"}
        {entries.slice(0, shown).map(([key, child], index) => (
          <Member key={key ?? index} name={key} value={child} depth={depth + 1} comma={index < size - 1} openAll={openAll} />
        ))}
        {remaining > 0 && (
          <>
            {INDENT.repeat(depth + 1)}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setShown(shown + JSON_CHILD_PAGE);
              }}
            >
              {t("preview.json.more", {
                count: format.number(Math.min(JSON_CHILD_PAGE, remaining)),
                remaining: format.number(remaining),
              })}
            </button>
            {"\n"}
          </>
        )}
        {pad}
        {closing}
      </>
    );
  }

  return (
    <>
      {pad}
      {size > 0 && (
        // The arrow is drawn by CSS, so the text of the tree stays exactly the JSON.
        <button
          type="button"
          className="json-toggle"
          aria-expanded={open}
          aria-label={t(open ? "preview.json.collapse" : "preview.json.expand", { name: label, summary })}
          onClick={() => {
            setOpen(!open);
          }}
        />
      )}
      {name !== null && (
        <>
          <Quoted text={name} limit={KEY_LIMIT} className="json-key" />
          {": "}
        </>
      )}
      {opening}
      {body}
      {comma && ","}
      {depth > 0 && "\n"}
    </>
  );
}

/**
 * A parsed JSON document, pretty-printed (its text is what JSON.stringify(value, null, 2)
 * writes) and collapsible: every non-empty object and array has a fold button (Tab reaches
 * it, Enter or Space opens or closes it). Children come a page at a time, so even a document
 * of millions of values renders only what was asked for.
 */
export function JsonTree({ value }: { value: unknown }) {
  const openAll = useMemo(() => countValues(value, SMALL_DOCUMENT) <= SMALL_DOCUMENT, [value]);
  return (
    <pre className="preview-text json-tree" data-testid="preview-text" data-view="json-tree">
      <Member name={null} value={value} depth={0} comma={false} openAll={openAll} />
    </pre>
  );
}
