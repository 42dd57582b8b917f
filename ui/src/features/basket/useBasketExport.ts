// Copying a basket's export to the clipboard and saving it as a bundle of files; each says how
// it went as a notice (a failed save, as an error above the items).
import { useT } from "../../i18n";
import { exportBasket, saveBasketBundle, toLodeError, type Basket, type ExportFormat, type LodeError } from "../../ipc";
import { copyText } from "./clipboard";
import { FORMAT_LABELS } from "./exportFormats";
import type { Notice } from "./notice";

interface BasketExport {
  copy: (format: ExportFormat) => Promise<void>;
  saveBundle: (format: ExportFormat) => Promise<void>;
}

export function useBasketExport(basket: Basket, onNotice: (notice: Notice) => void, onError: (error: LodeError) => void): BasketExport {
  const { t, format } = useT();

  const copy = async (exportFormat: ExportFormat) => {
    onNotice(null);
    // The clipboard is written within the click (see copyText), with the export still coming.
    const exported = exportBasket(basket.id, exportFormat);
    try {
      await copyText(exported.then((e) => e.text));
      const { text, attachments } = await exported;
      const copied = t("basket.copied", {
        name: basket.name,
        format: t(FORMAT_LABELS[exportFormat]),
        chars: format.number(text.length),
      });
      const files = attachments > 0 ? ` ${t("basket.copied.files", { count: format.number(attachments) })}` : "";
      onNotice({ tone: "info", text: copied + files });
    } catch (reason: unknown) {
      onNotice({ tone: "error", text: t("basket.copyFailed", { message: toLodeError(reason).message }) });
    }
  };

  const saveBundle = async (bundleFormat: ExportFormat) => {
    onNotice(null);
    try {
      const saved = await saveBasketBundle(basket.id, basket.name, bundleFormat);
      if (saved)
        onNotice({
          tone: "info",
          text: t("basket.bundle.saved", { name: saved.name, files: format.number(saved.files), bytes: format.bytes(saved.bytes) }),
        });
    } catch (reason: unknown) {
      onError(toLodeError(reason));
    }
  };

  return { copy, saveBundle };
}
