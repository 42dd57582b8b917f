import { useState } from "react";
import { parse, ParseError } from "../lib";

export function App() {
  const [source, setSource] = useState("revenue by region last 30d");
  let status: string;
  try {
    const query = parse(source);
    status = `measure ${query.measure}, grouped by ${query.groupBy.join(", ") || "nothing"}`;
  } catch (error) {
    status = error instanceof ParseError ? error.message : "unexpected error";
  }
  return (
    <main className="console">
      <label htmlFor="query">Query</label>
      <input id="query" value={source} onChange={(event) => setSource(event.target.value)} />
      <p role="status">{status}</p>
    </main>
  );
}
