// Annotations (the feature's public entry): a resource's, a basket item's (kept vs now) and a
// content block's, and the index generation that tells them to look again.
export { Annotations, type AnnotationsProps } from "./Annotations";
export { BasketItemAnnotations } from "./BasketItemAnnotations";
export { BlockAnnotations } from "./BlockAnnotations";
export { IndexGeneration } from "./indexGeneration";
