// Types for browse-index.mjs, so the Vitest harness (TypeScript) can use the same mock index.
import type { Facets, Query, QueryResult, ResourceItem, ResourceTemplate, TreeQuery, TreeResult } from "../src/ipc";

export interface BrowseIndex {
  list(query: Query): QueryResult;
  tree(question: TreeQuery): TreeResult;
  facets(query: Query): Facets;
  replace(resources: ResourceItem[]): void;
  readonly size: number;
}

export function createBrowseIndex(
  resources: ResourceItem[],
  templates?: Record<string, ResourceTemplate[]>,
): BrowseIndex;
