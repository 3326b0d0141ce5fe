// YAML rule file text -> RawDomainConfig (the shape the xDS source produces too). Mirrors the
// reference's ConfigFileContentToYaml: YAML syntax, key validation (key types, unknown keys,
// list elements, leaf types), then the typed read. Only the first YAML document of a file is used,
// as with yaml.v2. Never throws: the caller decides between "first error" (service) and "every
// error" (checker).
//
// Two ways to the same nodes (docs/rules.md#how-rule-files-are-read): the quick one (quick-yaml.ts)
// reads a file without errors; a file it leaves aside, or in which anything is wrong, is read
// again by the `yaml` package, whose nodes know their lines and columns, so every error is
// reported as that reading reports it. The quick reading's positions, which only the compiler's
// errors need, come from that reading too, made the first time one is asked for.
import { isMap, isScalar, LineCounter, parseAllDocuments, type Node, type YAMLMap } from 'yaml';
import type { RawDescriptor, RawDomainConfig, RawRateLimit, SourcePositions } from './raw-domain-config';
import { RuleConfigError, type SourcePosition } from './rule-config-error';
import { TypedConfigReader } from './read-typed-config';
import { checkAliases } from './yaml-aliases';
import { validateYamlKeys } from './validate-yaml-keys';
import { FirstErrorFound, YamlContext } from './yaml-context';
import { scalarKind, unmarshalErrorText } from './yaml-values';
import { PlainScalarTyping, quickYamlContents } from './quick-yaml';

export interface ParsedRuleFile {
  /** Undefined when the file has errors. */
  readonly config: RawDomainConfig | undefined;
  readonly errors: readonly RuleConfigError[];
  /** What could be read of a file with errors, so the checker can look for the compiler's errors too. */
  readonly partial?: RawDomainConfig;
}

const PARSE_OPTIONS = { version: '1.1', prettyErrors: false, uniqueKeys: false } as const;
const PLAIN_SCALARS = new PlainScalarTyping(PARSE_OPTIONS);
const NO_ALIASES = new Map();

export function parseYamlConfig(sourceName: string, text: string): ParsedRuleFile {
  return parseQuickly(sourceName, text) ?? parseExactly(sourceName, text);
}

/** The quick reading of a file without errors; undefined for any other file. */
export function parseQuickly(sourceName: string, text: string): ParsedRuleFile | undefined {
  const contents = quickYamlContents(text, PLAIN_SCALARS);
  if (contents === undefined) return undefined;
  // Any error sends the file to the exact reading, which lists every error: this one stops at the first.
  const context = new YamlContext(sourceName, new LineCounter(), NO_ALIASES, true);
  let parsed: ParsedRuleFile;
  try {
    parsed = readContents(sourceName, contents ?? undefined, context);
  } catch (error) {
    if (error instanceof FirstErrorFound) return undefined;
    throw error;
  }
  if (parsed.config === undefined) return undefined; // errors throw FirstErrorFound above
  if (parsed.config.positions === undefined) return parsed; // an empty file: nothing to place
  const config: RawDomainConfig = {
    ...parsed.config,
    positions: new ExactPositions(
      () => config,
      () => parseExactly(sourceName, text),
    ),
  };
  return { config, errors: [] };
}

/** The `yaml` package's reading: every syntax error, and nodes with their lines and columns. */
export function parseExactly(sourceName: string, text: string): ParsedRuleFile {
  const lines = new LineCounter();
  const documents = parseAllDocuments(text, { ...PARSE_OPTIONS, lineCounter: lines });
  const document = Array.isArray(documents) ? documents[0] : undefined;
  if (document === undefined) return { config: { sourceName }, errors: [] }; // empty file
  const aliases = checkAliases(document);
  const context = new YamlContext(sourceName, lines, aliases.targets);
  // Every syntax error, then the checks below on the tree the parser recovered, so one pass lists
  // every error of the file (errors inside what the parser had to guess are left out).
  for (const syntaxError of document.errors) context.reportSyntax(syntaxError.pos[0], syntaxError.message);
  if (aliases.excess) {
    context.report(aliases.excess.node, `error loading config file: ${aliases.excess.detail}`);
    return { config: undefined, errors: context.errors };
  }
  return readContents(sourceName, document.contents ?? undefined, context);
}

/** The key check and the typed read, the same for both readings. */
function readContents(sourceName: string, contents: Node | undefined, context: YamlContext): ParsedRuleFile {
  const root = context.resolve(contents);
  if (isEmpty(root)) return { config: { sourceName }, errors: [] };
  if (!isMap(root)) {
    const line = context.positionOf(root)?.line ?? 1;
    context.report(root, unmarshalErrorText(root, line, 'map[interface {}]interface {}'));
    return { config: undefined, errors: context.errors };
  }
  validateYamlKeys(root, context);
  const config = readRoot(sourceName, root, context);
  return context.errors.length > 0
    ? { config: undefined, partial: config, errors: context.errors }
    : { config, errors: [] };
}

function readRoot(sourceName: string, root: YAMLMap, context: YamlContext): RawDomainConfig {
  const reader = new TypedConfigReader(context);
  let domain: string | undefined;
  let descriptors: RawDomainConfig['descriptors'];
  let domainNode: Node | undefined;
  for (const [name, value] of reader.fields(root)) {
    if (name === 'domain') {
      domain = reader.string(value);
      domainNode = value;
    } else if (name === 'descriptors') descriptors = reader.descriptors(value);
  }
  const { positions, guessed } = context;
  const config: RawDomainConfig = { sourceName, domain, descriptors, positions, guessed };
  context.remember(config, domainNode);
  return config;
}

function isEmpty(node: Node | undefined): boolean {
  return node === undefined || (isScalar(node) && scalarKind(node) === 'null');
}

/**
 * The positions of a quick reading's objects, taken from the exact reading of the same text the
 * first time one is asked for: both readings make the same objects in the same order.
 */
class ExactPositions implements SourcePositions {
  private positions: Map<object, SourcePosition> | undefined;

  constructor(
    private readonly quickConfig: () => RawDomainConfig,
    private readonly readExactly: () => ParsedRuleFile,
  ) {}

  get(raw: object): SourcePosition | undefined {
    this.positions ??= this.pairUp();
    return this.positions.get(raw);
  }

  private pairUp(): Map<object, SourcePosition> {
    const exact = this.readExactly();
    const twin = exact.config ?? exact.partial;
    const paired = new Map<object, SourcePosition>();
    if (twin === undefined) return paired;
    const pair = (quick: object | undefined, other: object | undefined): void => {
      const position = quick && other ? twin.positions?.get(other) : undefined;
      if (position) paired.set(quick as object, position);
    };
    const pairLimit = (quick: RawRateLimit | undefined, other: RawRateLimit | undefined): void => {
      pair(quick, other);
      quick?.replaces?.forEach((replaces, i) => pair(replaces, other?.replaces?.[i]));
    };
    const pairDescriptors = (quick: readonly RawDescriptor[] = [], other: readonly RawDescriptor[] = []) =>
      quick.forEach((descriptor, i) => {
        const twinDescriptor = other[i];
        pair(descriptor, twinDescriptor);
        pairLimit(descriptor.rateLimit, twinDescriptor?.rateLimit);
        descriptor.rateLimits?.forEach((limit, j) => pairLimit(limit, twinDescriptor?.rateLimits?.[j]));
        pairDescriptors(descriptor.descriptors, twinDescriptor?.descriptors);
      });
    const quick = this.quickConfig();
    pair(quick, twin);
    pairDescriptors(quick.descriptors, twin.descriptors);
    return paired;
  }
}
