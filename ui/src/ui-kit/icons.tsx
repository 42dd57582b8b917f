// The browser's inline SVG icons (folder kinds, template, chevron, eye, search) and the media
// kind a row's icon is chosen by.
import type { ReactNode } from "react";
import type { FolderKind } from "../ipc";
import "./icons.css";

/** The kinds of content a row's icon tells apart. */
export type MimeKind = "text" | "code" | "image" | "audio" | "video" | "pdf" | "binary" | "unknown";

export function mimeKind(mime: string | undefined): MimeKind {
  const type = (mime ?? "").toLowerCase().split(";")[0]?.trim() ?? "";
  if (type === "") return "unknown";
  if (type === "application/pdf") return "pdf";
  if (type.startsWith("image/")) return "image";
  if (type.startsWith("audio/")) return "audio";
  if (type.startsWith("video/")) return "video";
  if (/json|xml|javascript|typescript|yaml|toml|x-sh|x-python|x-rust/.test(type)) return "code";
  if (type.startsWith("text/")) return "text";
  return "binary";
}

function Svg({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : "icon"}
      viewBox="0 0 16 16"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.3"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

const FOLDER_GLYPHS: Record<FolderKind, ReactNode> = {
  // Four tiles: a kind's folder, grouping like things.
  kind: (
    <>
      <rect x="2.5" y="2.5" width="4.5" height="4.5" rx="1" />
      <rect x="9" y="2.5" width="4.5" height="4.5" rx="1" />
      <rect x="2.5" y="9" width="4.5" height="4.5" rx="1" />
      <rect x="9" y="9" width="4.5" height="4.5" rx="1" />
    </>
  ),
  server: (
    <>
      <rect x="2" y="2.5" width="12" height="4.5" rx="1.2" />
      <rect x="2" y="9" width="12" height="4.5" rx="1.2" />
      <path d="M4.5 4.75h.01M4.5 11.25h.01" strokeWidth="2" />
    </>
  ),
  scheme: (
    <>
      <circle cx="8" cy="8" r="6" />
      <path d="M2 8h12M8 2c-2.2 2.4-2.2 9.6 0 12M8 2c2.2 2.4 2.2 9.6 0 12" />
    </>
  ),
  authority: (
    <>
      <rect x="2.5" y="3" width="11" height="10" rx="1.5" />
      <path d="M2.5 6h11" />
    </>
  ),
  path: <path d="M1.75 4.25a1 1 0 0 1 1-1h3.5l1.5 1.5h5.5a1 1 0 0 1 1 1v6.5a1 1 0 0 1-1 1h-10.5a1 1 0 0 1-1-1z" />,
  templates: <path d="M6 2.5c-1.5 0-2 .5-2 2v1.75c0 .9-.5 1.5-1.5 1.75 1 .25 1.5.85 1.5 1.75v1.75c0 1.5.5 2 2 2M10 2.5c1.5 0 2 .5 2 2v1.75c0 .9.5 1.5 1.5 1.75-1 .25-1.5.85-1.5 1.75v1.75c0 1.5-.5 2-2 2" />,
  unparsed: (
    <>
      <circle cx="8" cy="8" r="6" />
      <path d="M6.25 6.25a1.75 1.75 0 1 1 2.5 1.6c-.5.25-.75.6-.75 1.15M8 11.25h.01" />
    </>
  ),
};

export function FolderIcon({ kind }: { kind: FolderKind }) {
  return <Svg className={`icon--folder icon--${kind}`}>{FOLDER_GLYPHS[kind]}</Svg>;
}

export function TemplateIcon() {
  return <Svg className="icon--template">{FOLDER_GLYPHS.templates}</Svg>;
}

export function Chevron({ open }: { open: boolean }) {
  return (
    <Svg className={open ? "chevron chevron--open" : "chevron"}>
      <path d="M6 4l4 4-4 4" />
    </Svg>
  );
}

export function EyeIcon({ off }: { off: boolean }) {
  return (
    <Svg>
      <path d="M1.5 8s2.4-4.5 6.5-4.5S14.5 8 14.5 8s-2.4 4.5-6.5 4.5S1.5 8 1.5 8z" />
      <circle cx="8" cy="8" r="2" />
      {off && <path d="M2.5 13.5l11-11" />}
    </Svg>
  );
}

export function SearchIcon() {
  return (
    <Svg className="icon--search">
      <circle cx="7" cy="7" r="4.5" />
      <path d="M10.5 10.5l3.5 3.5" />
    </Svg>
  );
}
