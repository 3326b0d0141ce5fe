// Reading YAML nodes the way the reference's YAML library (Go yaml.v2, YAML 1.1 rules) sees
// them: which scalars are ints, floats, bools or strings, how a value prints with Go's `%v`
// (used in the reference's error texts) and the text of a typed unmarshal error.
import { isMap, isScalar, isSeq, type Node, type Scalar } from 'yaml';

export type ScalarKind = 'null' | 'bool' | 'int' | 'float' | 'str';

// yaml.v2 resolves a plain scalar as an int when Go's ParseInt accepts it (after removing `_`),
// otherwise as a float when ParseFloat does; numbers beyond int64 therefore become floats.
const INTEGER_SOURCE = /^[-+]?(0b[01_]+|0x[0-9a-fA-F_]+|[0-9][0-9_]*(:[0-5]?[0-9])*)$/;
const INT64_LIMIT = 2 ** 63;

export function scalarKind(scalar: Scalar): ScalarKind {
  const value = scalar.value;
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number' || typeof value === 'bigint') {
    const isInteger = INTEGER_SOURCE.test(scalar.source ?? String(value));
    return isInteger && Math.abs(Number(value)) < INT64_LIMIT ? 'int' : 'float';
  }
  // Strings, and timestamp-like or binary scalars, which yaml.v2 keeps as text.
  return 'str';
}

/** The scalar as text: yaml.v2 decodes any non-null scalar into a string field verbatim. */
export function scalarText(scalar: Scalar): string {
  const value = scalar.value;
  if (typeof value === 'string') return value;
  return scalar.source ?? String(value);
}

/** Go `%v` of the decoded value (the non-string key and non-map list element errors). */
export function goFormat(node: Node | null | undefined): string {
  if (node === null || node === undefined) return '<nil>';
  if (isSeq(node)) return `[${node.items.map((item) => goFormat(item as Node)).join(' ')}]`;
  if (isMap(node)) {
    const pairs = node.items.map((pair) => `${goFormat(pair.key as Node)}:${goFormat(pair.value as Node)}`);
    return `map[${pairs.sort().join(' ')}]`;
  }
  if (!isScalar(node)) return '<nil>';
  switch (scalarKind(node)) {
    case 'null':
      return '<nil>';
    case 'bool':
      return String(node.value);
    case 'int':
      return String(node.value);
    case 'float':
      return goFloat(Number(node.value));
    case 'str':
      return scalarText(node);
  }
}

/** Go's `%v` for float64 (strconv %g, shortest): exponent form below 1e-4 and from 1e6 up. */
export function goFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const [mantissa, exponentText] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  if (exponent >= -4 && exponent < 6) return String(value);
  const sign = exponent < 0 ? '-' : '+';
  return `${mantissa}e${sign}${String(Math.abs(exponent)).padStart(2, '0')}`;
}

function yamlTag(node: Node | null | undefined): string {
  if (node === null || node === undefined) return '!!null';
  if (isSeq(node)) return '!!seq';
  if (isMap(node)) return '!!map';
  if (!isScalar(node)) return '!!str';
  if (node.value instanceof Date) return '!!timestamp';
  return `!!${scalarKind(node)}`;
}

/** yaml.v2's typed unmarshal error, e.g. ``cannot unmarshal !!str `abc` into uint32``. */
export function unmarshalErrorText(node: Node | null | undefined, line: number, goType: string): string {
  const tag = yamlTag(node);
  let value = '';
  if (tag !== '!!seq' && tag !== '!!map' && node && isScalar(node)) {
    const text = node.source ?? scalarText(node);
    value = text.length > 10 ? ` \`${text.slice(0, 7)}...\`` : ` \`${text}\``;
  }
  return `error loading config file: yaml: unmarshal errors: line ${line}: cannot unmarshal ${tag}${value} into ${goType}`;
}
