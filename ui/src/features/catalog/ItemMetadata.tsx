// The `_meta` and icons a server attached to a tool, prompt, resource, template or itself,
// shown in that thing's details. Both come bounded from Rust (lode-core `item_meta`).
//
// Icons: `data:` raster images are drawn as they are; `https:` ones as Lode's Rust side
// fetched them (capped, images only, cached on disk — the webview never fetches: its CSP
// allows images from `data:` alone), or their address and why they are not shown. MCP
// 2025-11-25 asks clients to accept only `https:` and `data:` icons and to treat SVG with
// care: an inline SVG one may carry script or external references, so it is drawn only as an
// `<img>`, where neither runs nor loads (as the browser's rows draw it), never inlined.
import { useMemo, useState } from "react";
import { useT } from "../../i18n";
import type { Icon, MetaJson } from "../../ipc";
import { JsonView, TextView } from "../preview";
import { SafeText } from "../../ui-kit/SafeText";
import { useIconState } from "../icons";
import "./catalog.css";

const RASTER = /^data:image\/(png|jpeg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)[;,]/i;
const SRC_LIMIT = 200;

export type IconShown = { kind: "image" } | { kind: "remote" } | { kind: "svg" } | { kind: "other" };

/** How an icon is shown: an inline image is drawn (an SVG one as an `<img>` alone). */
export function iconShown(src: string): IconShown {
  if (RASTER.test(src)) return { kind: "image" };
  if (/^https:/i.test(src)) return { kind: "remote" };
  if (/^data:image\/svg\+xml[;,]/i.test(src)) return { kind: "svg" };
  return { kind: "other" };
}

export function ItemMetadata({ icons, meta }: { icons?: Icon[]; meta?: MetaJson | null }) {
  const { t } = useT();
  if ((icons === undefined || icons.length === 0) && (meta === undefined || meta === null)) return null;
  return (
    <div className="item-meta" data-testid="item-meta">
      {icons !== undefined && icons.length > 0 && (
        <div className="item-meta__icons">
          <span className="item-meta__label">{t("itemMeta.icons")}</span>
          <ul className="item-meta__icon-list">
            {icons.map((icon, index) => (
              <IconEntry key={index} icon={icon} />
            ))}
          </ul>
        </div>
      )}
      {meta !== undefined && meta !== null && <MetaDetails meta={meta} />}
    </div>
  );
}

function IconEntry({ icon }: { icon: Icon }) {
  const { t } = useT();
  const shown = iconShown(icon.src);
  const sizes = icon.sizes?.join(" ");
  if (shown.kind === "image" || shown.kind === "svg") {
    return (
      <li className="item-meta__icon" data-testid="item-icon" data-shown={shown.kind}>
        <img src={icon.src} alt="" width={24} height={24} draggable={false} title={sizes} />
      </li>
    );
  }
  if (shown.kind === "remote") return <RemoteIconEntry icon={icon} />;
  const why = t("itemMeta.icon.other");
  return (
    <li className="item-meta__icon item-meta__icon--text" data-testid="item-icon" data-shown={shown.kind}>
      <SafeText className="item-meta__src" text={icon.src} limit={SRC_LIMIT} />
      <span className="item-meta__why">{why}</span>
    </li>
  );
}

/** An `https:` icon as Rust fetched it, or its address and why it is not shown. */
function RemoteIconEntry({ icon }: { icon: Icon }) {
  const { t } = useT();
  const state = useIconState(icon.src);
  if (state.status === "shown") {
    return (
      <li className="item-meta__icon" data-testid="item-icon" data-shown="fetched">
        <img src={state.src} alt="" width={24} height={24} draggable={false} title={icon.sizes?.join(" ")} />
      </li>
    );
  }
  const why = state.status === "failed" ? t("icons.remote.failed", { reason: state.reason }) : t("icons.remote.loading");
  return (
    <li className="item-meta__icon item-meta__icon--text" data-testid="item-icon" data-shown={state.status === "failed" ? "remote" : "loading"}>
      <SafeText className="item-meta__src" text={icon.src} limit={SRC_LIMIT} />
      <SafeText className="item-meta__why" text={why} limit={300} />
    </li>
  );
}

/** `_meta` folded by default; open, it is the preview's JSON view (or text, when cut). */
function MetaDetails({ meta }: { meta: MetaJson }) {
  const { t, format } = useT();
  const size = format.bytes(meta.bytes);
  const shown = useMemo(() => format.bytes(new TextEncoder().encode(meta.json).length), [format, meta.json]);
  // Built only while open: a closed list of tools should not parse every tool's _meta.
  const [open, setOpen] = useState(false);
  return (
    <details className="item-meta__meta" data-testid="item-meta-json" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t("itemMeta.meta", { size })}</summary>
      {!open ? null : meta.cut ? (
        <>
          <p className="preview-note" data-testid="item-meta-cut">
            {t("itemMeta.meta.cut", { shown, size })}
          </p>
          <TextView text={meta.json} language={null} />
        </>
      ) : (
        <JsonView text={meta.json} />
      )}
    </details>
  );
}
