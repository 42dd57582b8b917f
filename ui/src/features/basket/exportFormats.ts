// The formats a basket exports to, and how the Copy buttons and the bundle's picker name them.
import type { MessageKey } from "../../i18n";
import type { ExportFormat } from "../../ipc";

export const FORMATS: readonly ExportFormat[] = ["markdown", "xml", "json"];
export const COPY_LABELS = {
  markdown: "basket.copy.markdown",
  xml: "basket.copy.xml",
  json: "basket.copy.json",
} as const satisfies Record<ExportFormat, MessageKey>;
export const FORMAT_LABELS = {
  markdown: "basket.format.markdown",
  xml: "basket.format.xml",
  json: "basket.format.json",
} as const satisfies Record<ExportFormat, MessageKey>;
