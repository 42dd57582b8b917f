export interface Token {
  text: string;
  offset: number;
}

// Words, numbers with a unit suffix, and commas; whitespace separates tokens.
const TOKEN = /[A-Za-z]+|\d+[a-z]?|,/g;

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  for (const match of source.matchAll(TOKEN)) {
    tokens.push({ text: match[0].toLowerCase(), offset: match.index ?? 0 });
  }
  return tokens;
}
