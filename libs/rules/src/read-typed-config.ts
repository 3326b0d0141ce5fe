// Phase (b) of loading a rule file (reference: yaml.v2 typed unmarshal into YamlRoot): turn the
// validated YAML tree into RawDomainConfig fields. Type mismatches become yaml.v2-style
// "cannot unmarshal" errors; null means "absent"; legal keys at the wrong level are
// ignored, as in the reference.
import { isMap, isScalar, isSeq, type Node, type YAMLMap } from 'yaml';
import type { RawDescriptor, RawRateLimit, RawReplaces } from './raw-domain-config';
import { goFormat, scalarKind, scalarText, unmarshalErrorText } from './yaml-values';
import type { YamlContext } from './yaml-context';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
const UINT32_MAX = 4294967295;

export class TypedConfigReader {
  constructor(private readonly context: YamlContext) {}

  /** Fields of one map as [name, value node] (keys were checked in phase (a)). */
  fields(map: YAMLMap): [string, Node | undefined][] {
    return this.context.entries(map).map(({ key, value }) => [isScalar(key) ? scalarText(key) : '', value]);
  }

  descriptors(node: Node | undefined): RawDescriptor[] | undefined {
    const items = this.list(node, '[]config.YamlDescriptor');
    return items?.map((item) => this.descriptor(item));
  }

  private descriptor(map: YAMLMap): RawDescriptor {
    const raw: Mutable<RawDescriptor> = {};
    for (const [name, value] of this.fields(map)) {
      if (name === 'key') raw.key = this.string(value);
      else if (name === 'value') raw.value = this.string(value);
      else if (name === 'rate_limit') raw.rateLimit = this.rateLimit(value);
      else if (name === 'rate_limits') raw.rateLimits = this.rateLimitList(value);
      else if (name === 'descriptors') raw.descriptors = this.descriptors(value);
      else if (name === 'shadow_mode') raw.shadowMode = this.bool(value);
      else if (name === 'quota_mode') raw.quotaMode = this.bool(value);
      else if (name === 'detailed_metric') raw.detailedMetric = this.bool(value);
      else if (name === 'value_to_metric') raw.valueToMetric = this.bool(value);
      else if (name === 'share_threshold') raw.shareThreshold = this.bool(value);
      else if (name === 'metadata') raw.metadata = this.metadata(value);
    }
    this.context.remember(raw, map);
    return raw;
  }

  private rateLimit(node: Node | undefined): RawRateLimit | undefined {
    if (isNull(node)) return undefined;
    if (!isMap(node)) return this.mismatch(node, 'config.YamlRateLimit');
    const raw: Mutable<RawRateLimit> = {};
    for (const [name, value] of this.fields(node)) {
      if (name === 'unit') raw.unit = this.string(value);
      else if (name === 'requests_per_unit') raw.requestsPerUnit = this.uint32(value);
      else if (name === 'unit_multiplier') raw.unitMultiplier = this.uint32(value);
      else if (name === 'unlimited') raw.unlimited = this.bool(value);
      else if (name === 'algorithm') raw.algorithm = this.string(value);
      else if (name === 'burst') raw.burst = this.uint32(value);
      else if (name === 'counting') raw.counting = this.string(value);
      else if (name === 'name') raw.name = this.string(value);
      else if (name === 'replaces') raw.replaces = this.replaces(value);
    }
    this.context.remember(raw, node);
    return raw;
  }

  /**
   * Our `rate_limits`: a list of `rate_limit` maps. Anything else (null, a map, a scalar) reads as
   * an empty list, so the compiler reports `rate_limits must be a non-empty list` at the node;
   * elements that are not maps were reported by the key validation.
   */
  private rateLimitList(node: Node | undefined): RawRateLimit[] {
    if (!isSeq(node)) return [];
    const items: RawRateLimit[] = [];
    for (const item of node.items) {
      const element = this.context.resolve(item);
      if (isMap(element)) items.push(this.rateLimit(element) ?? {});
    }
    return items;
  }

  private replaces(node: Node | undefined): RawReplaces[] | undefined {
    return this.list(node, '[]config.YamlReplaces')?.map((map) => {
      const raw: Mutable<RawReplaces> = {};
      for (const [name, value] of this.fields(map)) if (name === 'name') raw.name = this.string(value);
      this.context.remember(raw, map);
      return raw;
    });
  }

  string(node: Node | undefined): string | undefined {
    if (isNull(node)) return undefined;
    return isScalar(node) ? scalarText(node) : this.mismatch(node, 'string');
  }

  private bool(node: Node | undefined): boolean | undefined {
    if (isNull(node)) return undefined;
    return isScalar(node) && scalarKind(node) === 'bool' ? Boolean(node.value) : this.mismatch(node, 'bool');
  }

  private uint32(node: Node | undefined): number | undefined {
    if (isNull(node)) return undefined;
    if (isScalar(node) && scalarKind(node) === 'int') {
      const value = Number(node.value);
      if (value >= 0 && value <= UINT32_MAX) return value;
    }
    return this.mismatch(node, 'uint32');
  }

  private list(node: Node | undefined, goType: string): YAMLMap[] | undefined {
    if (isNull(node)) return undefined;
    if (!isSeq(node)) return this.mismatch(node, goType);
    // Elements are maps: phase (a) rejected anything else.
    return node.items.map((item) => this.context.resolve(item)).filter((item) => isMap(item));
  }

  private metadata(node: Node | undefined): Record<string, unknown> | undefined {
    if (isNull(node)) return undefined;
    if (!isMap(node)) return this.mismatch(node, 'map[string]interface {}');
    try {
      return this.toJson(node) as Record<string, unknown>;
    } catch (error) {
      this.context.report(node, `error parsing metadata: ${(error as Error).message}`);
      return undefined;
    }
  }

  /** The YAML value as plain JSON data (a protobuf Struct value); scalar keys become text. */
  private toJson(node: Node | undefined): unknown {
    if (isMap(node)) {
      const object: Record<string, unknown> = {};
      for (const { key, value } of this.context.entries(node)) {
        if (!isScalar(key) || scalarKind(key) === 'null')
          throw new Error(`struct keys must be strings, found ${goFormat(key)}`);
        object[scalarText(key)] = this.toJson(value);
      }
      return object;
    }
    if (isSeq(node)) return node.items.map((item) => this.toJson(this.context.resolve(item)));
    if (!isScalar(node)) return null;
    const kind = scalarKind(node);
    if (kind === 'null') return null;
    if (kind === 'bool') return node.value;
    if (kind === 'int' || kind === 'float') return Number(node.value);
    return scalarText(node);
  }

  private mismatch(node: Node | undefined, goType: string): undefined {
    const line = this.context.positionOf(node)?.line ?? 1;
    this.context.report(node, unmarshalErrorText(node, line, goType));
    return undefined;
  }
}

function isNull(node: Node | undefined): boolean {
  return node === undefined || (isScalar(node) && scalarKind(node) === 'null');
}
