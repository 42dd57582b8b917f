// The row icons (media type, audience) as data: URI images rather than inline SVG, which
// WebKitGTK repaints on every scrolled frame.
import type { Theme } from "../theme/theme";
import { useTheme } from "../theme/useTheme";
import { mimeKind, type MimeKind } from "./icons";

/**
 * The icons a row of the list shows (media type, audience), as images rather than inline SVG.
 * WebKitGTK paints an inline <svg> again on every frame that shows it (stroked paths, in
 * software under Xvfb) but an image from a bitmap it keeps: in the real window the rows' inline
 * icons cost a fifth to a third of the frames that missed 60 fps while scrolling 100k rows.
 * The glyphs are static markup with fixed colours, so nothing a server sends reaches them.
 */
type Palette = Record<MimeKind | "user" | "assistant", string>;

/**
 * One palette per theme (an image cannot read the CSS tokens of styles/theme.css; these mirror
 * them: the user icon is --accent, the assistant's --info).
 */
const PALETTES: Record<Theme, Palette> = {
  light: {
    text: "#6b7487",
    code: "#7a4fd0",
    image: "#2a8a57",
    audio: "#b5582a",
    video: "#b5582a",
    pdf: "#c4352c",
    binary: "#8a91a1",
    unknown: "#6b7487",
    user: "#4f5bd5",
    assistant: "#0b6b80",
  },
  dark: {
    text: "#97a0b3",
    code: "#b394f0",
    image: "#5cc98a",
    audio: "#ee9a6a",
    video: "#ee9a6a",
    pdf: "#ff7b72",
    binary: "#8a93a6",
    unknown: "#97a0b3",
    user: "#8b95ff",
    assistant: "#5cc8dc",
  },
  contrast: {
    text: "#ffffff",
    code: "#e0b0ff",
    image: "#7dff9e",
    audio: "#ffc080",
    video: "#ffc080",
    pdf: "#ff9b9b",
    binary: "#dcdcdc",
    unknown: "#ffffff",
    user: "#ffd84d",
    assistant: "#7fe6ff",
  },
};

const PAGE = '<path d="M4 1.5h5.5L12.5 4.5v10h-8.5z M9.5 1.5v3h3"/>';

const MIME_GLYPHS: Record<MimeKind, string> = {
  text: `${PAGE}<path d="M6 7.5h4.5M6 9.75h4.5M6 12h3"/>`,
  code: `${PAGE}<path d="M7 8l-1.5 1.75L7 11.5M9.5 8l1.5 1.75-1.5 1.75"/>`,
  image:
    '<rect x="2" y="3" width="12" height="10" rx="1.5"/><circle cx="6" cy="6.5" r="1.2"/>' +
    '<path d="M2.5 12l3.5-3.5 2.5 2.5 2-2 3 3"/>',
  audio:
    '<path d="M6 12.2V3.5l7-1.5v8.5 M6 12.2a1.8 1.8 0 1 1-3.6 0 1.8 1.8 0 0 1 3.6 0z ' +
    'M13 10.5a1.8 1.8 0 1 1-3.6 0 1.8 1.8 0 0 1 3.6 0z"/>',
  video: '<rect x="1.5" y="3.5" width="9.5" height="9" rx="1.5"/><path d="M11 7l3.5-2v6L11 9"/>',
  pdf: `${PAGE}<path d="M5.5 12.5V8h1.5a1.2 1.2 0 0 1 0 2.4H5.5"/>`,
  binary: `${PAGE}<path d="M6 8v3.5M8.5 8h1.5v3.5H8.5z"/>`,
  unknown: PAGE,
};

const USER_GLYPH = '<circle cx="8" cy="5.5" r="2.75"/><path d="M2.75 14c.5-3 2.6-4.5 5.25-4.5s4.75 1.5 5.25 4.5"/>';
const ASSISTANT_GLYPH =
  '<path d="M8 1.75l1.4 3.6 3.6 1.4-3.6 1.4L8 11.75l-1.4-3.6L3 6.75l3.6-1.4z ' +
  'M12.5 10.5l.6 1.4 1.4.6-1.4.6-.6 1.4-.6-1.4-1.4-.6 1.4-.6z"/>';

/** A 16 px line-drawn glyph in `color`, as a data: URI (built once per glyph and colour). */
const uris = new Map<string, string>();
function glyphUri(glyph: string, color: string): string {
  const key = `${color}${glyph}`;
  let uri = uris.get(key);
  if (uri === undefined) {
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" width="16" height="16" fill="none" ` +
      `stroke="${color}" stroke-width="1.3" stroke-linecap="round" stroke-linejoin="round">${glyph}</svg>`;
    uri = `data:image/svg+xml,${encodeURIComponent(svg)}`;
    uris.set(key, uri);
  }
  return uri;
}

function GlyphImage({ glyph, color, className }: { glyph: string; color: string; className: string }) {
  return (
    <img
      className={`icon ${className}`}
      src={glyphUri(glyph, color)}
      alt=""
      width={16}
      height={16}
      draggable={false}
    />
  );
}

function usePalette(): Palette {
  return PALETTES[useTheme().theme];
}

export function MimeIcon({ mime }: { mime: string | undefined }) {
  const kind = mimeKind(mime);
  return <GlyphImage glyph={MIME_GLYPHS[kind]} color={usePalette()[kind]} className={`icon--${kind}`} />;
}

export function UserIcon() {
  return <GlyphImage glyph={USER_GLYPH} color={usePalette().user} className="icon--user" />;
}

export function AssistantIcon() {
  return <GlyphImage glyph={ASSISTANT_GLYPH} color={usePalette().assistant} className="icon--assistant" />;
}
