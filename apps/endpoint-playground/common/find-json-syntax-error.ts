/** Where and why a JSON text is invalid; `position` is a 0-based UTF-16 offset. */
export interface JsonSyntaxError {
  readonly position: number;
  /** 1-based. */
  readonly line: number;
  /** 1-based, counted in UTF-16 code units like `position`. */
  readonly column: number;
  readonly reason: string;
}

class ScanFailure {
  constructor(
    readonly position: number,
    readonly reason: string,
  ) {}
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;
const LITERALS = ['true', 'false', 'null'];

/**
 * A small JSON (RFC 8259) scanner that only finds the first error. Engines word JSON.parse
 * errors differently and Node 20's V8 often gives no position at all ("Unexpected token '}',
 * ... is not valid JSON"), while the page and the API must both point at the same line and
 * column whatever the runtime. Returns undefined for valid JSON (and for nesting too deep to
 * scan, where callers fall back to the engine's message).
 */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const scanner = new Scanner(text);
  try {
    scanner.document();
    return undefined;
  } catch (error) {
    if (!(error instanceof ScanFailure)) return undefined; // RangeError: nesting deeper than our stack
    const before = text.slice(0, error.position);
    const line = before.split('\n').length;
    const column = error.position - before.lastIndexOf('\n');
    return { position: error.position, line, column, reason: error.reason };
  }
}

class Scanner {
  private at = 0;

  constructor(private readonly text: string) {}

  document(): void {
    this.value();
    this.skipSpace();
    if (this.at < this.text.length) this.fail('unexpected text after the end of the JSON value');
  }

  private value(): void {
    this.skipSpace();
    const char = this.text[this.at];
    if (char === '{') this.object();
    else if (char === '[') this.array();
    else if (char === '"') this.string();
    else if (char === '-' || (char >= '0' && char <= '9')) this.number();
    else this.literal();
  }

  private object(): void {
    this.at++; // {
    this.skipSpace();
    if (this.text[this.at] === '}') return void this.at++;
    for (;;) {
      this.skipSpace();
      if (this.text[this.at] !== '"') this.fail('expected a property name in double quotes');
      this.string();
      this.skipSpace();
      if (this.text[this.at] !== ':') this.fail("expected ':' after the property name");
      this.at++;
      this.value();
      if (this.endOfList('}')) return;
    }
  }

  private array(): void {
    this.at++; // [
    this.skipSpace();
    if (this.text[this.at] === ']') return void this.at++;
    for (;;) {
      this.value();
      if (this.endOfList(']')) return;
    }
  }

  /** After an item: true at the closing bracket, false after a comma, else fails. */
  private endOfList(close: string): boolean {
    this.skipSpace();
    const char = this.text[this.at];
    this.at++;
    if (char === close) return true;
    if (char === ',') return false;
    this.at--;
    return this.fail(`expected ',' or '${close}'`);
  }

  private string(): void {
    this.at++; // opening quote
    for (;;) {
      const char = this.text[this.at];
      if (char === undefined) this.fail('unterminated string');
      if (char === '"') return void this.at++;
      if (char < ' ') this.fail('control character in a string (write it as an escape such as \\n)');
      if (char === '\\') {
        ESCAPE.lastIndex = this.at;
        if (!ESCAPE.test(this.text)) this.fail('invalid escape sequence in a string');
        this.at = ESCAPE.lastIndex;
      } else this.at++;
    }
  }

  private number(): void {
    NUMBER.lastIndex = this.at;
    if (!NUMBER.test(this.text)) this.fail('invalid number');
    this.at = NUMBER.lastIndex;
    // "1." or "1e" or "1.5e+": the regex stopped before an incomplete fraction or exponent.
    if (/^[.eE]/.test(this.text.slice(this.at, this.at + 1))) this.fail('invalid number');
  }

  private literal(): void {
    const word = LITERALS.find((candidate) => this.text.startsWith(candidate, this.at));
    if (word) return void (this.at += word.length);
    if (this.at >= this.text.length) this.fail('unexpected end of input');
    this.fail(`unexpected character ${JSON.stringify(this.text[this.at])}`);
  }

  private skipSpace(): void {
    while (' \t\n\r'.includes(this.text[this.at] ?? 'x')) this.at++;
  }

  private fail(reason: string): never {
    throw new ScanFailure(this.at, reason);
  }
}
