// The basket commands: baskets and their items, adding (rows, search matches, a fill to the
// budget), export and bundles, and serving a basket over HTTP.
import type { AddReport } from "./bindings/AddReport";
import type { BasketId } from "./bindings/BasketId";
import type { BasketSummary } from "./bindings/BasketSummary";
import type { BasketView } from "./bindings/BasketView";
import type { ExportFormat } from "./bindings/ExportFormat";
import type { ExportText } from "./bindings/ExportText";
import type { Query } from "./bindings/Query";
import type { ResourceItem } from "./bindings/ResourceItem";
import type { SavedBundle } from "./bindings/SavedBundle";
import type { ServingStatus } from "./bindings/ServingStatus";
import { call } from "./commands";

/** Reads and adds every resource the browser's `query` matches (its window ignored); more than 200 is refused. */
export function addMatchingToBasket(id: BasketId, query: Query): Promise<AddReport> {
  return call<AddReport>("add_matching_to_basket", { id, query });
}

/** Fills the basket to its token limit from what `query` matches, by priority for the assistant. */
export function fillBasket(id: BasketId, query: Query): Promise<AddReport> {
  return call<AddReport>("fill_basket", { id, query });
}

export function listBaskets(): Promise<BasketSummary[]> {
  return call<BasketSummary[]>("list_baskets");
}

/** `tokenLimit` null: no budget. Fails with `invalidInput` for a bad or taken name. */
export function createBasket(name: string, tokenLimit: number | null): Promise<BasketSummary> {
  return call<BasketSummary>("create_basket", { name, tokenLimit });
}

export function getBasket(id: BasketId): Promise<BasketView> {
  return call<BasketView>("get_basket", { id });
}

export async function deleteBasket(id: BasketId): Promise<void> {
  await call<unknown>("delete_basket", { id });
}

export async function setBasketOptions(id: BasketId, tokenLimit: number | null, autoRefresh: boolean): Promise<void> {
  await call<unknown>("set_basket_options", { id, tokenLimit, autoRefresh });
}

/** Reads `resources` (the browser's rows, of any servers) and adds them in order. */
export function addToBasket(id: BasketId, resources: ResourceItem[]): Promise<AddReport> {
  return call<AddReport>("add_to_basket", { id, resources });
}

/** How many of `items` were removed. */
export function removeBasketItems(id: BasketId, items: number[]): Promise<number> {
  return call<number>("remove_basket_items", { id, items });
}

/** Moves item `item` to position `index` (0-based) of the basket. */
export async function moveBasketItem(id: BasketId, item: number, index: number): Promise<void> {
  await call<unknown>("move_basket_item", { id, item, index });
}

/** An empty `note` clears it. */
export async function setBasketItemNote(id: BasketId, item: number, note: string): Promise<void> {
  await call<unknown>("set_basket_item_note", { id, item, note: note.trim() === "" ? null : note });
}

/** Reads a (stale) item from its server again. */
export async function refreshBasketItem(id: BasketId, item: number): Promise<void> {
  await call<unknown>("refresh_basket_item", { id, item });
}

export function exportBasket(id: BasketId, format: ExportFormat): Promise<ExportText> {
  return call<ExportText>("export_basket", { id, format });
}

/** The system's Save dialog, then the bundle; null when the person cancels. */
export function saveBasketBundle(id: BasketId, name: string, format: ExportFormat): Promise<SavedBundle | null> {
  return call<SavedBundle | null>("save_basket_bundle", { id, name, format });
}

/**
 * Serves basket `name` over HTTP on 127.0.0.1:`port` (0: any free port). The bearer token is
 * never sent to the window: `lode serve --show-token` prints it.
 */
export function startBasketServer(name: string, port: number): Promise<ServingStatus> {
  return call<ServingStatus>("start_basket_server", { name, port });
}

export async function stopBasketServer(): Promise<void> {
  await call<unknown>("stop_basket_server");
}

/**
 * A new bearer token for the HTTP server in place of the old one, which stops working at once.
 * The token itself stays in the keychain: `lode serve --show-token` prints it.
 */
export async function rotateServeToken(): Promise<void> {
  await call<unknown>("rotate_serve_token");
}

/** The basket served over HTTP now, or null. */
export function basketServer(): Promise<ServingStatus | null> {
  return call<ServingStatus | null>("basket_server");
}
