// RFC 6570 operator table. No other operator exists: `{=a}` is the variable `=a`.

export interface OperatorRule {
  /** Written before the expression output (even when every variable is missing). */
  readonly lead: string;
  /** Between the outputs of the expression's variables. */
  readonly separator: string;
  /** Writes `name=value` (`;`, `?`, `&`). */
  readonly named: boolean;
  /** Uses the "reserved" encoding (`+`, `#`); such values must be strings. */
  readonly reserved: boolean;
}

const rule = (lead: string, separator: string, named: boolean, reserved: boolean): OperatorRule => ({
  lead,
  separator,
  named,
  reserved,
});

export const NO_OPERATOR: OperatorRule = rule('', ',', false, false);

export const OPERATORS: ReadonlyMap<string, OperatorRule> = new Map([
  ['+', rule('', ',', false, true)],
  ['#', rule('#', ',', false, true)],
  ['.', rule('.', '.', false, false)],
  ['/', rule('/', '/', false, false)],
  [';', rule(';', ';', true, false)],
  ['?', rule('?', '&', true, false)],
  ['&', rule('&', '&', true, false)],
]);
