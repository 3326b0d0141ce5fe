import type { CatalogueOperation } from './catalogue';

export interface OperationSearch {
  /** Total operations that match (the list may be cut to `limit`). */
  readonly count: number;
  readonly operations: readonly CatalogueOperation[];
}

interface IndexedOperation {
  readonly operation: CatalogueOperation;
  readonly summary: string;
  /** Route, summary and operation id, lowercase, one string to test words against. */
  readonly text: string;
}

/** Lowercase words of a query; `/`, `{` and `}` separate words too, so paths can be typed. */
function wordsOf(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[\s/{}]+/)
    .filter((word) => word !== '');
}

/** Lower is better: the summary itself, then summaries that start with the query, then the rest. */
function rank(entry: IndexedOperation, query: string, words: readonly string[]): number {
  if (entry.summary === query) return 0;
  if (entry.summary.startsWith(query)) return 1;
  if (words.every((word) => entry.summary.includes(word))) return 2;
  return 3;
}

/**
 * A search over every operation's route, summary and operation id. The index is built once; a
 * search is one pass of substring tests over ~1200 short strings and a sort of the matches,
 * well within one frame, so it can run on every keystroke.
 * An operation matches when every word of the query appears in it, in any order.
 */
export function createOperationSearch(
  operations: readonly CatalogueOperation[],
): (query: string, limit: number) => OperationSearch {
  const index: IndexedOperation[] = operations.map((operation) => {
    const summary = operation.summary.toLowerCase();
    return {
      operation,
      summary,
      text: `${operation.route} ${summary} ${operation.operationId}`.toLowerCase(),
    };
  });
  return (query, limit) => {
    const normalized = query.trim().toLowerCase().replace(/\s+/g, ' ');
    const words = wordsOf(normalized);
    if (words.length === 0) return { count: 0, operations: [] };
    const matches = index.filter((entry) => words.every((word) => entry.text.includes(word)));
    const ranked = matches
      .map((entry, order) => ({ entry, order, rank: rank(entry, normalized, words) }))
      .sort((a, b) => a.rank - b.rank || a.order - b.order);
    return { count: matches.length, operations: ranked.slice(0, limit).map(({ entry }) => entry.operation) };
  };
}
