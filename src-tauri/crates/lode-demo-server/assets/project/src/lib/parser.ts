// Parses Atlas queries such as "revenue by region last 30d" into an AST.
import { Token, tokenize } from "./tokenizer";

export type Measure = "revenue" | "units" | "refunds";
export type Dimension = "region" | "item" | "customer" | "day";

export interface Query {
  measure: Measure;
  groupBy: Dimension[];
  range: { kind: "relative"; days: number } | { kind: "all" };
}

export class ParseError extends Error {
  constructor(message: string, public readonly offset: number) {
    super(`${message} at offset ${offset}`);
  }
}

const MEASURES = new Set<Measure>(["revenue", "units", "refunds"]);
const DIMENSIONS = new Set<Dimension>(["region", "item", "customer", "day"]);

export function parse(source: string): Query {
  const tokens = tokenize(source);
  let position = 0;
  const peek = (): Token | undefined => tokens[position];
  const next = (): Token => {
    const token = tokens[position++];
    if (!token) throw new ParseError("unexpected end of query", source.length);
    return token;
  };

  const measure = next();
  if (!MEASURES.has(measure.text as Measure)) {
    throw new ParseError(`unknown measure "${measure.text}"`, measure.offset);
  }

  const groupBy: Dimension[] = [];
  if (peek()?.text === "by") {
    next();
    do {
      const dimension = next();
      if (!DIMENSIONS.has(dimension.text as Dimension)) {
        throw new ParseError(`unknown dimension "${dimension.text}"`, dimension.offset);
      }
      groupBy.push(dimension.text as Dimension);
    } while (peek()?.text === "," && next());
  }

  let range: Query["range"] = { kind: "all" };
  if (peek()?.text === "last") {
    next();
    const amount = next();
    const match = /^(\d+)d$/.exec(amount.text);
    if (!match) throw new ParseError(`expected a range like 30d`, amount.offset);
    range = { kind: "relative", days: Number(match[1]) };
  }

  if (peek()) throw new ParseError(`unexpected "${peek()!.text}"`, peek()!.offset);
  return { measure: measure.text as Measure, groupBy, range };
}
