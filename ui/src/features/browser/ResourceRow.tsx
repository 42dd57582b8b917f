import type { ResourceItem } from "../../ipc";
import { AnnotationBadges } from "./AnnotationBadges";
import { displayName } from "./annotations";
import { ModifiedBadge } from "./ModifiedBadge";

/** One row of the resource list: name, URI, annotations. All text is server data. */
export function ResourceRow({ item }: { item: ResourceItem }) {
  const name = displayName(item);
  return (
    <div className="resource-row">
      <div className="resource-row__head">
        <span className="resource-row__name" title={item.description ?? name}>
          {name}
        </span>
        <ModifiedBadge raw={item.annotations.lastModified} />
      </div>
      <div className="resource-row__uri" title={item.uri}>
        {item.uri}
      </div>
      <div className="resource-row__badges">
        <AnnotationBadges item={item} />
      </div>
    </div>
  );
}
