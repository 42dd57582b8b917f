// The HTML preview: a sandboxed iframe under a CSP that forbids every fetch, or the source.
import { useT } from "../../i18n";
import { RenderedOrSource } from "./RenderedOrSource";
import { TextView } from "./TextView";

/**
 * Put in front of the server's document: the parser places it in the document's <head>, and
 * it forbids every fetch (scripts, frames, styles and images from anywhere) except inline
 * styles and data: images. The empty `sandbox` attribute already stops scripts, forms,
 * popups and navigation of the app; this also keeps the document from calling home.
 */
export const HTML_PREVIEW_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; media-src data:";

export function sandboxedDocument(html: string): string {
  return `<meta http-equiv="Content-Security-Policy" content="${HTML_PREVIEW_CSP}"><meta name="referrer" content="no-referrer">${html}`;
}

/** HTML in an iframe that runs nothing (sandbox="" and a CSP), or its source as text. */
export function HtmlView({ text, uri }: { text: string; uri: string }) {
  const { t } = useT();
  return (
    <RenderedOrSource
      note={<span className="preview-note preview-note--inline">{t("preview.html.note")}</span>}
      rendered={
        <iframe
          className="html-frame"
          data-testid="preview-html"
          title={t("preview.html.frameTitle", { uri })}
          sandbox=""
          referrerPolicy="no-referrer"
          srcDoc={sandboxedDocument(text)}
        />
      }
      source={<TextView text={text} language="xml" />}
    />
  );
}
