// Image previews: a data: URL in an <img>, and SVG with its source on request.
import { useState } from "react";
import { useT } from "../../i18n";
import { RenderedOrSource } from "./RenderedOrSource";
import { TextView } from "./TextView";

/**
 * An image from a data: URL. SVG goes through <img> too: an image context never runs the
 * SVG's scripts nor loads what it links to.
 */
export function ImageView({ src, uri }: { src: string; uri: string }) {
  const { t } = useT();
  const [broken, setBroken] = useState(false);
  if (broken) return <p className="preview-problem">{t("preview.image.broken")}</p>;
  return (
    <div className="content-block__image">
      <img
        src={src}
        alt={t("preview.imageAlt", { uri })}
        onError={() => {
          setBroken(true);
        }}
      />
    </div>
  );
}

/** An SVG shown as an image, and when it came as text, its source on request. */
export function SvgView({ src, text, uri }: { src: string; text: string | null; uri: string }) {
  return (
    <RenderedOrSource
      rendered={<ImageView src={src} uri={uri} />}
      source={text === null ? null : <TextView text={text} language="xml" />}
    />
  );
}
