// The route catalogue: every operation of GitHub's REST API, reduced at build time from the
// published OpenAPI description (@octokit/openapi) to what the playground page shows. The build
// writes it as routes.json next to the page; the page loads it after it is usable.

/** A JSON value as it may appear in an enum or a default. */
export type CatalogueValue = string | number | boolean | null;

export type ParameterLocation = 'path' | 'query' | 'body';

export interface CatalogueParameter {
  readonly name: string;
  readonly in: ParameterLocation;
  readonly required: boolean;
  /** `string`, `integer`, `number`, `boolean`, `object`, `string[]`, `string | integer`, ... */
  readonly type: string;
  /** Plain text (markdown links reduced to their text); may be empty. */
  readonly description: string;
  readonly enum?: readonly CatalogueValue[];
  readonly default?: CatalogueValue;
}

export interface CatalogueOperation {
  /** `"POST /repos/{owner}/{repo}/issues"`: the route the playground and endpoint() take. */
  readonly route: string;
  /** `"Create an issue"`. */
  readonly summary: string;
  /** `"issues/create"`. */
  readonly operationId: string;
  /** The operation's page in GitHub's REST documentation. */
  readonly docs: string;
  /** Indexes into `RouteCatalogue.parameters` (operations share most of them). */
  readonly parameters: readonly number[];
}

export interface RouteCatalogue {
  /** Version of the OpenAPI description the catalogue was made from. */
  readonly version: string;
  /** Each distinct parameter once: `owner` alone is used by hundreds of operations. */
  readonly parameters: readonly CatalogueParameter[];
  /** Sorted by route. */
  readonly operations: readonly CatalogueOperation[];
}

/** File name of the catalogue next to the page. */
export const CATALOGUE_FILE = 'routes.json';
