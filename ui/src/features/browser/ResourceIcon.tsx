// A row's icon: the server's own when it is an inline data:image URI (remote icons are never
// fetched), else one for the media type.
import type { ResourceItem } from "../../ipc";
import { isDirectory } from "./directory";
import { FolderIcon } from "./icons";
import { MimeIcon } from "./rowIcons";

/** A data: URI icon larger than this is not worth decoding for a 16 px square. */
const MAX_ICON_CHARS = 64 * 1024;

/**
 * The server's own icon when it is an inline `data:image/…` URI; otherwise an icon for the
 * media type. Remote icons are never fetched: loading them would tell a third party what the
 * person browses (and the CSP forbids it anyway).
 */
export function inlineIcon(item: Pick<ResourceItem, "icons">): string | null {
  const icon = item.icons?.find(
    (candidate) => candidate.src.length <= MAX_ICON_CHARS && /^data:image\/[a-z0-9.+-]+[;,]/i.test(candidate.src),
  );
  return icon?.src ?? null;
}

export function ResourceIcon({ item }: { item: ResourceItem }) {
  const src = inlineIcon(item);
  if (src === null && isDirectory(item.mimeType)) return <FolderIcon kind="path" />;
  if (src === null) return <MimeIcon mime={item.mimeType} />;
  return <img className="icon icon--inline" src={src} alt="" width={16} height={16} draggable={false} />;
}
