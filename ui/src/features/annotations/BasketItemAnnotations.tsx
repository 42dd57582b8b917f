// A basket item's annotations: those kept when it was added, and, when its resource is listed
// now with other ones, both, each named ("When added" / "Now"), asked again as the index changes.
import { useContext, useEffect, useState } from "react";
import { useT } from "../../i18n";
import type { Annotations as AnnotationValues, BasketItem } from "../../ipc";
import { Annotations } from "./Annotations";
import { annotationsNow, sameAnnotations } from "./currentAnnotations";
import { IndexGeneration } from "./indexGeneration";

/** Annotations as an item keeps them, with the size and type it was read with. */
export function BasketItemAnnotations({ item, name }: { item: BasketItem; name: string }) {
  const { t } = useT();
  const now = useAnnotationsNow(item);
  const kept = <Annotations of={name} annotations={item.annotations} mimeType={item.mimeType} title={item.title} name={item.name} testId="basket-item-annotations" />;
  if (now === null || sameAnnotations(item.annotations, now)) return kept;
  return (
    <div className="annotations-change" data-testid="basket-item-annotations-changed">
      <p className="annotations-change__title">{t("annotations.changed")}</p>
      <div className="annotations-change__row">
        <span className="annotations-change__when">{t("annotations.added")}</span>
        {kept}
      </div>
      <div className="annotations-change__row">
        <span className="annotations-change__when">{t("annotations.now")}</span>
        <Annotations of={`${name} (${t("annotations.now")})`} annotations={now} testId="basket-item-annotations-now" />
      </div>
    </div>
  );
}

/**
 * The annotations the item's resource is listed with now; `null` until known or when unlisted.
 * Asked again at each new index generation; the last answer stays shown until the next one.
 */
function useAnnotationsNow(item: BasketItem): AnnotationValues | null {
  const [now, setNow] = useState<{ id: string; value: AnnotationValues | null } | null>(null);
  const generation = useContext(IndexGeneration);
  const id = `${item.server}\u0000${item.uri}\u0000${item.fetchedAt}`;
  const wanted = item.kind === "resource";
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void annotationsNow({ server: item.server, uri: item.uri }).then((value) => {
      if (live) setNow({ id, value });
    });
    return () => {
      live = false;
    };
  }, [id, item.server, item.uri, wanted, generation]);
  return now !== null && now.id === id ? now.value : null;
}
