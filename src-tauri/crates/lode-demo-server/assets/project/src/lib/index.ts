export { parse, ParseError } from "./parser";
export type { Query, Measure, Dimension } from "./parser";
export { tokenize } from "./tokenizer";
export type { Token } from "./tokenizer";
