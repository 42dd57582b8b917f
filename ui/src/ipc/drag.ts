// Drag and drop: the sidebar's order of connections, and a basket (or one item) dragged out of
// the window as Markdown text or as a file.
import type { BasketId } from "./bindings/BasketId";
import type { ConnectionId } from "./bindings/ConnectionId";
import type { ExportText } from "./bindings/ExportText";
import { call } from "./commands";

/** Moves connection `id` to position `index` (0-based) of the saved order. */
export async function moveConnection(id: ConnectionId, index: number): Promise<void> {
  await call<unknown>("move_connection", { id, index });
}

/** The Markdown "Copy as Markdown" makes, of basket `id` or of its item `item` alone. */
export function exportBasketItem(id: BasketId, item: number | null): Promise<ExportText> {
  return call<ExportText>("export_basket_item", { id, item });
}

/**
 * Writes the Markdown of basket `id` (or its item `item`) to a file and starts a native drag of
 * it out of the window: call it while the mouse button is down, from `pointerdown`.
 */
export async function dragBasketFile(id: BasketId, item: number | null): Promise<void> {
  await call<unknown>("drag_basket_file", { id, item });
}
