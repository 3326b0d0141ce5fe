// Per-file state while reading one YAML rule document: alias resolution, node positions and
// the errors found so far (each prefixed with the file's source name).
import { isAlias, isMap, isScalar, isSeq, type Alias, type LineCounter, type Node, type YAMLMap } from 'yaml';
import { RuleConfigError, type SourcePosition } from './rule-config-error';

export interface MapEntry {
  readonly key: Node | undefined;
  readonly value: Node | undefined;
}

/** Thrown by a context that stops at its first error. */
export class FirstErrorFound extends Error {}

export class YamlContext {
  readonly errors: RuleConfigError[] = [];
  readonly positions = new Map<object, SourcePosition>();
  readonly guessed = new Set<object>();
  private readonly reported = new Set<Node>();
  /** The errors' texts, so each is listed once without comparing it to every other (a file can have 100,000). */
  private readonly messages = new Set<string>();
  /** Where syntax errors are, sorted when next looked up (a node is checked against them by bisection). */
  private readonly syntaxOffsets: number[] = [];
  private syntaxOffsetsSorted = true;

  constructor(
    readonly sourceName: string,
    private readonly lines: LineCounter,
    /** From checkAliases: each alias resolved once, in document order. */
    private readonly aliasTargets: ReadonlyMap<Alias, Node | undefined>,
    /** Throw FirstErrorFound at the first error (a reading that is redone when it finds any). */
    private readonly stopAtFirstError = false,
  ) {}

  /** The node itself, or the node an alias (`*name`) points to. */
  resolve(node: unknown): Node | undefined {
    if (node === null || node === undefined) return undefined;
    if (isAlias(node)) return this.aliasTargets.get(node);
    return node as Node;
  }

  /**
   * The map's entries with YAML 1.1 merge keys (`<<: *base`) expanded, as yaml.v2 sees them:
   * merged entries come first so the map's own keys win; of several merged maps the first wins.
   */
  entries(map: YAMLMap): MapEntry[] {
    const merged: MapEntry[] = [];
    const own: MapEntry[] = [];
    for (const pair of map.items) {
      const key = this.resolve(pair.key);
      const value = this.resolve(pair.value);
      if (!(isScalar(key) && typeof key.value === 'symbol')) {
        own.push({ key, value });
        continue;
      }
      const sources = isSeq(value) ? value.items.map((item) => this.resolve(item)) : [value];
      for (const source of sources.reverse()) if (isMap(source)) merged.push(...this.entries(source));
    }
    return [...merged, ...own];
  }

  positionOf(node: Node | undefined): SourcePosition | undefined {
    const start = node?.range?.[0];
    return start === undefined ? undefined : this.positionAt(start);
  }

  positionAt(offset: number): SourcePosition {
    const { line, col } = this.lines.linePos(offset);
    return { line, column: col };
  }

  /** A YAML syntax error, at its offset in the text. */
  reportSyntax(offset: number, message: string): void {
    this.syntaxOffsets.push(offset);
    this.syntaxOffsetsSorted = false;
    const error = new RuleConfigError(
      this.sourceName,
      `error loading config file: ${message}`,
      this.positionAt(offset),
    );
    this.messages.add(error.message);
    this.errors.push(error);
  }

  report(node: Node | undefined, detail: string): void {
    // One error a node: the key check and the typed read may both trip on one value, and a node
    // spanning a syntax error is what the parser guessed, not what the author wrote.
    if (node !== undefined && (this.reported.has(node) || this.spansSyntaxError(node))) return;
    if (node !== undefined) this.reported.add(node);
    const error = new RuleConfigError(this.sourceName, detail, this.positionOf(node));
    // A node reached twice (through an alias or a merge key) is reported once.
    if (this.messages.has(error.message)) return;
    this.messages.add(error.message);
    this.errors.push(error);
    if (this.stopAtFirstError) throw new FirstErrorFound();
  }

  private spansSyntaxError(node: Node): boolean {
    const range = node.range;
    if (range === undefined || range === null || this.syntaxOffsets.length === 0) return false;
    if (!this.syntaxOffsetsSorted) {
      this.syntaxOffsets.sort((a, b) => a - b);
      this.syntaxOffsetsSorted = true;
    }
    const first = firstAtOrAfter(this.syntaxOffsets, range[0]);
    return first < this.syntaxOffsets.length && this.syntaxOffsets[first] <= range[2];
  }

  /** Remembers where a raw object came from, for errors found later by the compiler. */
  remember(raw: object, node: Node | undefined): void {
    if (node !== undefined && this.spansSyntaxError(node)) this.guessed.add(raw);
    const position = this.positionOf(node);
    if (position) this.positions.set(raw, position);
  }
}

/** The index of the first of the sorted `offsets` at or after `offset` (their length if none). */
function firstAtOrAfter(offsets: readonly number[], offset: number): number {
  let low = 0;
  let high = offsets.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (offsets[middle] < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}
