// The preview of a blob no other view takes: its type and size, and a hex dump of its first
// bytes (only those are decoded).
import { useMemo } from "react";
import { useT } from "../../i18n";
import { decodeBase64 } from "./base64";
import { HEX_DUMP_BYTES, hexDumpRows } from "./hexdump";

/** Any other blob: its size and type, and a hex dump of its first bytes. */
export function BinaryView({ blob, bytes, mimeType }: { blob: string; bytes: number; mimeType: string | undefined }) {
  const { t, format } = useT();
  // Only the head is decoded, however large the blob.
  const rows = useMemo(() => hexDumpRows(decodeBase64(blob, HEX_DUMP_BYTES)), [blob]);
  const mime = mimeType ?? t("preview.unknownMime");
  return (
    <div className="binary">
      <p className="content-block__binary">{t("preview.binary", { mime, size: format.bytes(bytes) })}</p>
      {rows.length > 0 && (
        <table className="hex-dump" data-testid="preview-hex">
          <caption className="preview-note">
            {t(bytes > HEX_DUMP_BYTES ? "preview.hex.head" : "preview.hex.all", {
              count: format.number(Math.min(bytes, HEX_DUMP_BYTES)),
            })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t("preview.hex.offset")}</th>
              <th scope="col">{t("preview.hex.hex")}</th>
              <th scope="col">{t("preview.hex.ascii")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.offset}>
                <td className="hex-dump__offset">{row.offset}</td>
                <td className="hex-dump__hex">{row.hex}</td>
                <td className="hex-dump__ascii">{row.ascii}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
