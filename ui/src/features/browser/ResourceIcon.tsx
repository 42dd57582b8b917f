// A row's icon: the server's own (inline data: images as they are, https ones fetched by Lode,
// drawn for the current light or dark scheme when the server offers both), else one for the
// media type.
import type { ResourceItem } from "../../ipc";
import { useIconSrc } from "../icons";
import { isDirectory } from "./directory";
import { FolderIcon } from "../../ui-kit/icons";
import { MimeIcon } from "../../ui-kit/rowIcons";

/** A data: URI icon larger than this is not worth decoding for a 16 px square. */
const MAX_ICON_CHARS = 64 * 1024;

/** The server's first inline `data:image/…` icon, if any (what needs no fetch). */
export function inlineIcon(item: Pick<ResourceItem, "icons">): string | null {
  const icon = item.icons?.find(
    (candidate) => candidate.src.length <= MAX_ICON_CHARS && /^data:image\/[a-z0-9.+-]+[;,]/i.test(candidate.src),
  );
  return icon?.src ?? null;
}

export function ResourceIcon({ item }: { item: Pick<ResourceItem, "icons" | "mimeType"> }) {
  // Most rows have no icon of their own: they skip the theme and fetch machinery.
  if (!item.icons || item.icons.length === 0) return <FallbackIcon mime={item.mimeType} />;
  return <ServerIcon item={item} />;
}

function ServerIcon({ item }: { item: Pick<ResourceItem, "icons" | "mimeType"> }) {
  const src = useIconSrc(item.icons);
  if (src === null) return <FallbackIcon mime={item.mimeType} />;
  return <img className="icon icon--inline" src={src} alt="" width={16} height={16} draggable={false} data-testid="server-icon" />;
}

/** A folder for an `inode/directory` resource, else the media type's icon. */
function FallbackIcon({ mime }: { mime: string | undefined }) {
  return isDirectory(mime) ? <FolderIcon kind="path" /> : <MimeIcon mime={mime} />;
}
