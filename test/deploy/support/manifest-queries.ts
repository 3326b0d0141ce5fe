import type { Manifest } from './helm';

// Small typed views on rendered manifests, so the assertions read like the chart's intent.

export interface EnvVar {
  readonly name: string;
  readonly value?: string;
  readonly valueFrom?: { readonly secretKeyRef?: { readonly name: string; readonly key: string } };
}
export interface Probe {
  readonly httpGet?: { readonly path: string; readonly port: string | number };
}
export interface Container {
  readonly name: string;
  readonly image: string;
  readonly env: readonly EnvVar[];
  readonly ports: readonly { name: string; containerPort: number }[];
  readonly startupProbe: Probe;
  readonly readinessProbe: Probe;
  readonly livenessProbe: Probe;
  readonly securityContext: Record<string, unknown>;
  readonly volumeMounts: readonly { name: string; mountPath: string; readOnly?: boolean; subPath?: string }[];
  readonly lifecycle?: { preStop?: { exec?: { command: string[] } } };
}
export interface PodSpec {
  readonly containers: readonly Container[];
  readonly securityContext: Record<string, unknown>;
  readonly terminationGracePeriodSeconds: number;
  readonly volumes: readonly {
    name: string;
    configMap?: { name: string };
    secret?: { secretName: string };
    emptyDir?: object;
  }[];
}
export interface DeploymentSpec {
  readonly replicas?: number;
  readonly selector: { matchLabels: Record<string, string> };
  readonly template: { metadata: { labels: Record<string, string> }; spec: PodSpec };
}

export function ofKind(manifests: readonly Manifest[], kind: string): Manifest[] {
  return manifests.filter((manifest) => manifest.kind === kind);
}

export function onlyOfKind(manifests: readonly Manifest[], kind: string): Manifest {
  const found = ofKind(manifests, kind);
  if (found.length !== 1) throw new Error(`expected exactly one ${kind}, found ${found.length}`);
  return found[0];
}

export function deploymentSpec(manifests: readonly Manifest[]): DeploymentSpec {
  return onlyOfKind(manifests, 'Deployment').spec as DeploymentSpec;
}

export function ratelimitContainer(manifests: readonly Manifest[]): Container {
  const container = deploymentSpec(manifests).template.spec.containers.find((c) => c.name === 'ratelimit');
  if (!container) throw new Error('no container named ratelimit');
  return container;
}

/** name -> literal value for plain env entries ('<secret name>/<key>' for secretKeyRef entries). */
export function envOf(manifests: readonly Manifest[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const entry of ratelimitContainer(manifests).env) {
    const ref = entry.valueFrom?.secretKeyRef;
    env[entry.name] = ref ? `secret:${ref.name}/${ref.key}` : (entry.value ?? '');
  }
  return env;
}

export function servicePorts(service: Manifest): Record<string, number> {
  const ports = (service.spec as { ports: { name: string; port: number }[] }).ports;
  return Object.fromEntries(ports.map((port) => [port.name, port.port]));
}
