// Wildcard values (docs/rules.md): `*` anywhere, any number of times; each `*` matches zero or more
// characters, the literal segments must appear in order, and the first and last segments are
// anchored. Compiled once at load into its literal segments so a lookup only runs
// startsWith/endsWith/indexOf: no regex and no allocation per call.

export class WildcardPattern {
  private readonly prefix: string;
  private readonly suffix: string;
  private readonly middle: readonly string[];
  private readonly minLength: number;
  private readonly isExact: boolean;

  constructor(readonly pattern: string) {
    const segments = pattern.split('*');
    this.prefix = segments[0];
    this.suffix = segments.length > 1 ? segments[segments.length - 1] : '';
    this.middle = segments.slice(1, -1).filter((segment) => segment !== '');
    this.minLength = this.prefix.length + this.suffix.length;
    this.isExact = segments.length === 1;
  }

  static isWildcard(text: string): boolean {
    return text.includes('*');
  }

  matches(text: string): boolean {
    if (this.isExact) return text === this.pattern;
    if (text.length < this.minLength) return false;
    if (!text.startsWith(this.prefix) || !text.endsWith(this.suffix)) return false;
    // Leftmost placement of every middle segment is optimal for `*`-only globs.
    let position = this.prefix.length;
    const end = text.length - this.suffix.length;
    for (const segment of this.middle) {
      const found = text.indexOf(segment, position);
      if (found < 0 || found + segment.length > end) return false;
      position = found + segment.length;
    }
    return true;
  }
}
