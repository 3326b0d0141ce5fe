// The playground's route catalogue, <dist>/apps/endpoint-playground/public/routes.json: every
// operation of GitHub's REST API from the published OpenAPI description (@octokit/openapi, the
// same description version @octokit/types' route map is generated from), reduced to what the
// page shows by apps/endpoint-playground/catalogue/reduce-description.ts (taken from the SWC
// tree built just before, so the reduction is the unit-tested code).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

export function buildRouteCatalogue({ root, dist }) {
  const description = JSON.parse(
    readFileSync(join(root, 'node_modules/@octokit/openapi/generated/api.github.com.json'), 'utf8'),
  );
  const { reduceDescription } = require(
    join(dist, 'apps/endpoint-playground/catalogue/reduce-description.js'),
  );
  const { CATALOGUE_FILE } = require(join(dist, 'apps/endpoint-playground/catalogue/catalogue.js'));
  const catalogue = reduceDescription(description);
  writeFileSync(join(dist, 'apps/endpoint-playground/public', CATALOGUE_FILE), JSON.stringify(catalogue));
}
