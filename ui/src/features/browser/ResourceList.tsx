import { useT } from "../../i18n";
import type { ResourceItem } from "../../ipc";
import { VirtualList } from "../../ui-kit/VirtualList";
import { ResourceRow } from "./ResourceRow";

export const RESOURCE_ROW_HEIGHT = 74;

interface ResourceListProps {
  connectionName: string;
  items: readonly ResourceItem[];
  selectedUri: string | null;
  onSelect: (item: ResourceItem) => void;
}

export function ResourceList({ connectionName, items, selectedUri, onSelect }: ResourceListProps) {
  const { t } = useT();
  const selectedIndex = selectedUri === null ? -1 : items.findIndex((item) => item.uri === selectedUri);
  return (
    <VirtualList
      count={items.length}
      // Servers may list a URI twice; the index keeps keys unique.
      getKey={(index) => `${index}:${items[index]?.uri ?? ""}`}
      rowHeight={RESOURCE_ROW_HEIGHT}
      ariaLabel={t("browser.listLabel", { connection: connectionName })}
      selectedIndex={selectedIndex < 0 ? null : selectedIndex}
      optionTestId="resource-row"
      onSelect={(index) => {
        const item = items[index];
        if (item) onSelect(item);
      }}
      renderItem={(index) => {
        const item = items[index];
        return item ? <ResourceRow item={item} /> : null;
      }}
    />
  );
}
