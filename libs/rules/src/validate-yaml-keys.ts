// Phase (a) of loading a rule file (reference validateYamlKeys): every map key in
// the tree must be a string from one flat allow-list, every list element must be a map and every
// leaf must be a string, int, bool or null. Runs before the typed read, as in the reference, so
// a misspelled key is reported instead of being silently ignored.
import { isMap, isScalar, isSeq, type Node, type YAMLMap } from 'yaml';
import { goFormat, scalarKind, scalarText } from './yaml-values';
import type { YamlContext } from './yaml-context';

export const VALID_RULE_KEYS: ReadonlySet<string> = new Set([
  'domain',
  'key',
  'value',
  'descriptors',
  'rate_limit',
  'rate_limits', // ours: several limits on one node, checked together
  'unit',
  'requests_per_unit',
  'unit_multiplier', // ours: opt-in window length multiplier
  'algorithm', // ours: fixed_window | sliding_window | token_bucket
  'burst', // ours: token bucket size
  'counting', // ours: exact | cached
  'unlimited',
  'shadow_mode',
  'quota_mode',
  'name',
  'replaces',
  'detailed_metric',
  'value_to_metric',
  'share_threshold',
  'metadata',
]);

export function validateYamlKeys(map: YAMLMap, context: YamlContext): void {
  for (const { key, value } of context.entries(map)) {
    if (!isScalar(key) || scalarKind(key) !== 'str') {
      context.report(key, `config error, key is not of type string: ${goFormat(key)}`);
      continue;
    }
    const name = scalarText(key);
    if (!VALID_RULE_KEYS.has(name)) {
      context.report(key, `config error, unknown key '${name}'`);
      continue;
    }
    // metadata is a free-form struct returned to Envoy: its keys are not rule keys.
    if (name !== 'metadata') validateValue(value, context);
  }
}

function validateValue(value: Node | undefined, context: YamlContext): void {
  if (isMap(value)) {
    validateYamlKeys(value, context);
  } else if (isSeq(value)) {
    for (const item of value.items) {
      const element = context.resolve(item);
      if (isMap(element)) validateYamlKeys(element, context);
      else
        context.report(
          element ?? value,
          `config error, yaml file contains list of type other than map: ${goFormat(element)}`,
        );
    }
  } else if (isScalar(value) && scalarKind(value) === 'float') {
    context.report(value, 'error checking config');
  }
}
