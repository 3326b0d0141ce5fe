// Build steps beyond the SWC pass: each product adds its own step here
// (libs/endpoint ESM + CJS bundles, the playground's browser bundle, ...).
// Each step is a small exported async function in its own file taking ctx = { root, dist }.
import { buildEndpointLib } from './build-endpoint.mjs';
import { buildPlayground } from './build-playground.mjs';

export async function buildExtras(ctx) {
  await buildEndpointLib(ctx);
  await buildPlayground(ctx);
}
