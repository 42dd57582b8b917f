// What prompts and tools share (the catalog feature's public entry): the list and description,
// the answer's blocks and Add to basket, the list-changed refresh, and an item's `_meta` and icons.
export { AnswerBlock, StructuredContent, type ResourceLink } from "./AnswerBlocks";
export { CatalogDescription } from "./CatalogDescription";
export { CatalogList } from "./CatalogList";
export { ItemMetadata } from "./ItemMetadata";
export { useListChanged } from "./useListChanged";
