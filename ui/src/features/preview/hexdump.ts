/** The classic hex dump: offset | sixteen bytes in hex | the same bytes as ASCII. */

export interface HexRow {
  offset: string;
  hex: string;
  ascii: string;
}

/** How many bytes of a binary content the dump shows. */
export const HEX_DUMP_BYTES = 512;

const BYTES_PER_ROW = 16;

export function hexDumpRows(bytes: Uint8Array): HexRow[] {
  const rows: HexRow[] = [];
  for (let start = 0; start < bytes.length; start += BYTES_PER_ROW) {
    const slice = bytes.subarray(start, start + BYTES_PER_ROW);
    const hex = Array.from(slice, (b) => b.toString(16).padStart(2, "0"));
    // Two groups of eight, as `hexdump -C` and `xxd` print them; short rows keep the columns.
    const padded = [...hex, ...Array<string>(BYTES_PER_ROW - hex.length).fill("  ")];
    rows.push({
      offset: start.toString(16).padStart(8, "0"),
      hex: `${padded.slice(0, 8).join(" ")}  ${padded.slice(8).join(" ")}`,
      // Printable ASCII only: everything else (controls, bytes of UTF-8 sequences) is a dot.
      ascii: Array.from(slice, (b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : ".")).join(""),
    });
  }
  return rows;
}
