// YAML rule file text -> RawDomainConfig (the shape the xDS source produces too). Mirrors the
// reference's ConfigFileContentToYaml: YAML syntax, key validation (key types, unknown keys,
// list elements, leaf types), then the typed read. Only the first YAML document of a file is used,
// as with yaml.v2. Never throws: the caller decides between "first error" (service) and "every
// error" (checker).
import { isMap, isScalar, LineCounter, parseAllDocuments, type Node, type YAMLMap } from 'yaml';
import type { RawDomainConfig } from './raw-domain-config';
import { RuleConfigError } from './rule-config-error';
import { TypedConfigReader } from './read-typed-config';
import { checkAliases } from './yaml-aliases';
import { validateYamlKeys } from './validate-yaml-keys';
import { YamlContext } from './yaml-context';
import { scalarKind, unmarshalErrorText } from './yaml-values';

export interface ParsedRuleFile {
  /** Undefined when the file has errors. */
  readonly config: RawDomainConfig | undefined;
  readonly errors: readonly RuleConfigError[];
  /** What could be read of a file with errors, so the checker can look for the compiler's errors too. */
  readonly partial?: RawDomainConfig;
}

const PARSE_OPTIONS = { version: '1.1', prettyErrors: false, uniqueKeys: false } as const;

export function parseYamlConfig(sourceName: string, text: string): ParsedRuleFile {
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
  const root = context.resolve(document.contents);
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
