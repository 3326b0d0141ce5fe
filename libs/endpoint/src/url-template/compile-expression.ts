import { fail, isEnumerableOwn, requireString } from '../fail';
import type { ExpandPart } from './compiled-template';
import { NON_PARAMETER_KEYS } from '../non-parameter-keys';
import { encodeReserved, encodeUnreserved } from './encode';

type Parameters = Readonly<Record<string, unknown>>;

/**
 * One `{...}` expression (RFC 6570 operators `+ # . / ; ? &`; any other first character, as
 * in `{=a}`, is part of the first name) as a function of the parameters. The operator's lead
 * is written even when every variable is missing; variables are joined by its separator.
 */
export function compileExpression(body: string): ExpandPart {
  const operator = '+#./;?&'.includes(body[0]) ? body[0] : '';
  const separator = operator == '?' ? '&' : /^[+#]?$/.test(operator) ? ',' : operator;
  const variables = body
    .slice(operator.length)
    .split(',')
    .map((text) => compileVariable(text, operator));
  return (parameters) => {
    let output = operator == '+' ? '' : operator;
    for (let index = 0; index < variables.length; index++) {
      output += (index ? separator : '') + variables[index](parameters);
    }
    return output;
  };
}

/** `encoded` after `key=`, or alone for an empty key; the value is encoded first, as in the reference. */
function withName(key: string, encoded: string): string {
  return key ? encodeUnreserved(key) + '=' + encoded : encoded;
}

/**
 * `name`, `name:N` or `name*`. Like the reference's unanchored pattern, anything after the
 * modifier is ignored (`a:3x` is `a` cut to 3) and a `:` without digits is no modifier at
 * all (`a:x` is plain `a`). Reserved option keys (`url`, `headers`, ...) never have a value.
 * `+` and `#` use the reserved encoding, whose values must be strings; `; ? &` write `name=`.
 */
function compileVariable(text: string, operator: string): ExpandPart {
  const [, name, prefix] = /^([^:*]*)(?:\*|:(\d+))?/.exec(text) as unknown as [string, string, string?];
  const isExploded = text[name.length] == '*';
  const isNamed = /[;?&]/.test(operator);
  const isParameter = !NON_PARAMETER_KEYS.includes(name);
  const isReserved = /[+#]/.test(operator);
  const encode = (item: unknown) =>
    isReserved ? encodeReserved(requireString(item, `{${operator}${name}} item`)) : encodeUnreserved(item);

  return (parameters: Parameters) => {
    const value = isParameter && isEnumerableOwn.call(parameters, name) ? parameters[name] : undefined;
    // undefined/null give nothing; "" gives `k` for `;`, `k=` for `?`/`&`, nothing otherwise.
    if (value == null || value === '') {
      return value === '' && isNamed ? encodeUnreserved(name) + (operator == ';' ? '' : '=') : '';
    }
    if (Object(value) !== value && typeof value != 'symbol') {
      // slice(0, undefined) keeps the whole text.
      const encoded = encode(String(value).slice(0, prefix as unknown as number));
      return isNamed ? withName(name, encoded) : encoded;
    }
    // Objects: `*` gives items (or `key=value`) joined with `,` whatever the operator; without
    // it `a,b` or `k1,v1,k2,v2` (values through their own toString()), after `name=` when named.
    const record = value as Parameters;
    const isArray = Array.isArray(value);
    const items = Object.keys(record)
      .filter((key) => record[key] != null)
      .map((key) => {
        const item = record[key] as { toString?: unknown };
        return isExploded
          ? withName(isArray ? (isNamed ? name : '') : key, encode(item))
          : isArray
            ? encode(item)
            : encodeUnreserved(key) +
              ',' +
              encode(
                typeof item.toString == 'function'
                  ? item.toString()
                  : fail(`{${name}}: the value of key "${key}" must have a toString() method`, item),
              );
      })
      .join(',');
    return !isExploded && isNamed ? encodeUnreserved(name) + '=' + items : items;
  };
}
