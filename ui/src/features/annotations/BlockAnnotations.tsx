// What a content block of a tool result or prompt message says about itself: its annotations
// (and a resource link's title, name and size) in the one annotations list, and its `_meta`
// folded until opened.
import { useT } from "../../i18n";
import type { ContentBlock } from "../../ipc";
import { ItemMetadata } from "../catalog";
import { Annotations } from "./Annotations";

/** Nothing when the block carries neither annotations nor `_meta` (most carry none). */
export function BlockAnnotations({ block, index }: { block: ContentBlock; index: number }) {
  const { t } = useT();
  if (block.type === "unknown") return null;
  const link = block.type === "resource_link" ? block : null;
  const of = link ? (link.title ?? link.name) : t("annotations.block", { index: index + 1 });
  return (
    <>
      <Annotations
        of={of}
        annotations={block.annotations}
        size={link?.size}
        title={link?.title}
        name={link?.name}
        testId="block-annotations"
      />
      {block.meta && <ItemMetadata meta={block.meta} />}
    </>
  );
}
