import type { Manifest } from './helm';

// kubernetes-models is ESM-only (exports map has only "import"); SWC compiles import() in our
// CommonJS output into require(), which that exports map refuses. A Function body keeps a real
// dynamic import.
const importEsm = new Function('specifier', 'return import(specifier)') as (
  specifier: string,
) => Promise<Record<string, unknown>>;

interface ValidatableModel {
  validate(): void;
}
type ModelClass = new (data: unknown) => ValidatableModel;

/** 'no-model' when kubernetes-models has no class for the apiVersion/kind (e.g. CRDs such as ServiceMonitor). */
export async function findModel(manifest: Manifest): Promise<ModelClass | 'no-model'> {
  try {
    const module = await importEsm(`kubernetes-models/${manifest.apiVersion}/${manifest.kind}`);
    return (module[manifest.kind] as ModelClass | undefined) ?? 'no-model';
  } catch {
    return 'no-model';
  }
}

/**
 * Validates one manifest against the Kubernetes OpenAPI schema of its kind (offline, through
 * kubernetes-models). Returns the schema errors, '' when valid.
 */
export async function schemaErrors(manifest: Manifest): Promise<string> {
  const model = await findModel(manifest);
  if (model === 'no-model') return `no schema for ${manifest.apiVersion} ${manifest.kind}`;
  try {
    new model(manifest).validate();
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}
