// Build steps beyond the SWC pass: each product adds its own step here
// (libs/endpoint ESM + CJS bundles, the playground's browser bundle, ...).
export async function buildExtras() {}
