import { check } from '../check';
import type { ExpandPart } from './compiled-template';
import { NON_PARAMETER_KEYS } from '../non-parameter-keys';
import { encodeReserved, encodeUnreserved } from './encode';

type Parameters = Readonly<Record<string, unknown>>;
type Items = Record<string, { toString(): string }>;

const isEnumerableOwn = Object.prototype.propertyIsEnumerable;

/**
 * One `{...}` expression (RFC 6570 operators `+ # . / ; ? &`; any other first character, as
 * in `{=a}`, is part of the first name) as a function of the parameters. The operator's lead
 * (all but `+`) is written even when every variable is missing; variables are joined by its
 * separator (`,` for none, `+` and `#`; `&` for `?`; the operator itself otherwise). `; ? &`
 * are named (`name=`); `+` and `#` use the reserved encoding.
 */
export function compileExpression(body: string): ExpandPart {
  const index = '+#./;?&'.indexOf(body[0]);
  const operator = index < 0 ? '' : body[0];
  const separator = ',,./;&&'[index] || ',';
  const variables = body
    .slice(operator.length)
    .split(',')
    .map((text) => compileVariable(text, operator, index > 3, index == 0 || index == 1));
  return (parameters) =>
    (index ? operator : '') + variables.map((variable) => variable(parameters)).join(separator);
}

/** `encoded` after `key=`, or alone for an empty key; the value is encoded first, as in the reference. */
function withName(key: string | false, encoded: string): string {
  return key ? encodeUnreserved(key) + '=' + encoded : encoded;
}

/**
 * `name`, `name:N` or `name*`. Like the reference's unanchored pattern, anything after the
 * modifier is ignored (`a:3x` is `a` cut to 3) and a `:` without digits is no modifier at
 * all (`a:x` is plain `a`). Reserved option keys (`url`, `headers`, ...) never have a value.
 * A `+`/`#` item that is no string throws `{+name} item must be a string`, where the reference
 * throws; an object item without toString() throws the reference's own TypeError.
 */
function compileVariable(text: string, operator: string, isNamed: boolean, isReserved: boolean): ExpandPart {
  const [, name, prefix] = /^([^:*]*)(?:\*|:(\d+))?/.exec(text) as unknown as [string, string, string?];
  const isExploded = text[name.length] == '*';
  const isParameter = !NON_PARAMETER_KEYS.includes(name);
  // Reserved encoding calls string methods: an item that is no string throws where the reference does.
  const encode = isReserved
    ? (item: string) => encodeReserved(check(item, `{${operator}${name}} item`))
    : encodeUnreserved;

  return (parameters: Parameters) => {
    const value = (isParameter && isEnumerableOwn.call(parameters, name) ? parameters[name] : undefined) as
      Items | string | null | undefined;
    // undefined/null give nothing; "" gives `k` for `;`, `k=` for `?`/`&`, nothing otherwise.
    if (value == null || value === '') {
      return value === '' && isNamed ? encodeUnreserved(name) + (operator == ';' ? '' : '=') : '';
    }
    if (Object(value) !== value && typeof value != 'symbol') {
      // slice(0, undefined) keeps the whole text.
      const encoded = encode(String(value).slice(0, prefix as unknown as number));
      return withName(isNamed && name, encoded);
    }
    // Objects: `*` gives items (or `key=value`) joined with `,` whatever the operator; without
    // it `a,b` or `k1,v1,k2,v2` (values through their own toString()), after `name=` when named.
    const record = value as Items;
    const isArray = Array.isArray(value);
    const items = Object.keys(record)
      .filter((key) => record[key] != null)
      .map((key) =>
        isArray || isExploded
          ? withName(isExploded && (isArray ? isNamed && name : key), encode(record[key] as never))
          : encodeUnreserved(key) + ',' + encode(record[key].toString()),
      )
      .join(',');
    return !isExploded && isNamed ? encodeUnreserved(name) + '=' + items : items;
  };
}
