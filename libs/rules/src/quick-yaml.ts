// The quick way to read a rule file's YAML: js-yaml's event parser takes about a fifteenth of the
// `yaml` package's time (a 10 MB file: ~0.4 s instead of ~7 s; docs/rules.md#how-rule-files-are-read).
// Its events become the `yaml` package's nodes, so the key check and the typed read that follow
// are the same code for both ways. Only what both parsers read alike is read here: a document with
// anchors, aliases, tags, directives, collection, empty or very long keys, or nesting past
// js-yaml's depth limit is left to the `yaml` package (`undefined`), as is any text js-yaml
// refuses. Both parsers pass the YAML test suite, so they agree on the structure and the scalars'
// text; plain scalars are typed with the `yaml` package's own YAML 1.1 tags, exactly as its
// composer types them. One difference is left as it is: a key written without a value (`? key`,
// `{key, ...}`) has an empty scalar here where the `yaml` package has no node, and the reader
// treats both as null.
import { EVENT_ID, SCALAR_STYLE, getScalarValue, parseEvents, type Event, type ScalarEvent } from 'js-yaml';
import {
  Document,
  Pair,
  Scalar,
  YAMLMap,
  YAMLSeq,
  isScalar,
  type Node,
  type ParsedNode,
  type ScalarTag,
} from 'yaml';

/** The contents of the text's first document (null: none), or undefined to leave it to `yaml`. */
export type QuickContents = Node | null | undefined;

type Collection = YAMLMap | YAMLSeq;

/** An open collection while its events are read; a map's key waits for its value. */
interface Frame {
  readonly collection: Collection;
  key: Node | undefined;
  hasKey: boolean;
}

/** Thrown inside the reader for what it leaves to the `yaml` package. */
class NotQuick extends Error {}

/** How the `yaml` package types plain scalars with the given parse options (version 1.1). */
export class PlainScalarTyping {
  private readonly options: Document['options'];
  /** The tags a plain value is tested against, in the schema's order (the composer's `find`). */
  private readonly valueTags: readonly ScalarTag[];
  /** The same for a map's key, where the merge key (`<<`) is one too. */
  private readonly keyTags: readonly ScalarTag[];

  constructor(options: object) {
    const { schema, options: resolved } = new Document(undefined, options);
    const tested = (test: (tag: ScalarTag) => boolean) =>
      schema.tags.filter((tag): tag is ScalarTag => !tag.collection && tag.test !== undefined && test(tag));
    this.options = resolved;
    this.valueTags = tested((tag) => tag.default === true);
    this.keyTags = tested((tag) => tag.default === true || tag.default === 'key');
  }

  /** The scalar the `yaml` composer makes of a plain scalar's text (value, source). */
  scalar(text: string, atKey: boolean): Scalar {
    const tag = (atKey ? this.keyTags : this.valueTags).find((candidate) => candidate.test!.test(text));
    let failed = false;
    const resolved = tag === undefined ? text : tag.resolve(text, () => (failed = true), this.options);
    if (failed) throw new NotQuick();
    const scalar = isScalar(resolved) ? resolved : new Scalar(resolved);
    scalar.source = text;
    scalar.type = Scalar.PLAIN;
    if (tag?.format) scalar.format = tag.format;
    return scalar;
  }
}

export function quickYamlContents(text: string, typing: PlainScalarTyping): QuickContents {
  let events: Event[];
  try {
    events = parseEvents(text, {});
  } catch {
    return undefined; // refused or too deep: the `yaml` package says why, or reads it
  }
  try {
    return contentsOf(events, text, typing);
  } catch (error) {
    if (error instanceof NotQuick) return undefined;
    throw error;
  }
}

/** Builds the first document's nodes from its events. */
function contentsOf(events: readonly Event[], text: string, typing: PlainScalarTyping): Node | null {
  const first = events[0];
  if (first === undefined) return null; // no document at all
  if (first.type !== EVENT_ID.DOCUMENT || first.directives.length > 0) throw new NotQuick();
  const scalars = new ScalarCache(text, typing);
  const stack: Frame[] = [];
  let root: Node | null = null;
  const add = (node: Node): void => {
    const frame = stack.at(-1);
    if (frame === undefined) root = node;
    else if (frame.collection instanceof YAMLSeq) frame.collection.items.push(node);
    else if (!frame.hasKey) {
      frame.key = node;
      frame.hasKey = true;
    } else {
      frame.collection.items.push(new Pair(frame.key, node));
      frame.key = undefined;
      frame.hasKey = false;
    }
  };
  const atKey = (): boolean => {
    const frame = stack.at(-1);
    return frame !== undefined && frame.collection instanceof YAMLMap && !frame.hasKey;
  };
  for (let index = 1; index < events.length; index += 1) {
    const event = events[index];
    switch (event.type) {
      case EVENT_ID.SCALAR:
        add(scalars.scalarOf(event, atKey()));
        break;
      case EVENT_ID.MAPPING:
      case EVENT_ID.SEQUENCE: {
        if (event.anchorStart !== -1 || event.tagStart !== -1 || atKey()) throw new NotQuick();
        const collection = event.type === EVENT_ID.MAPPING ? new YAMLMap() : new YAMLSeq();
        add(collection as ParsedNode);
        stack.push({ collection, key: undefined, hasKey: false });
        break;
      }
      case EVENT_ID.POP:
        if (stack.pop() === undefined) return root; // the end of the first document
        break;
      default:
        throw new NotQuick(); // an alias, or a document inside a document
    }
  }
  return root;
}

/**
 * Scalars already made in this document, by their text (short ones: keys, units, numbers), shared
 * by every node that reads the same: nothing writes to them, and a file repeats a few names over
 * many descriptors, so most of its scalars are made once.
 */
class ScalarCache {
  private readonly made = [new Map<string, Scalar>(), new Map<string, Scalar>(), new Map<string, Scalar>()];

  constructor(
    private readonly text: string,
    private readonly typing: PlainScalarTyping,
  ) {}

  scalarOf(event: ScalarEvent, atKey: boolean): Scalar {
    if (event.anchorStart !== -1 || event.tagStart !== -1) throw new NotQuick();
    // The `yaml` package refuses an implicit key longer than YAML's 1,024 characters, and some
    // nestings after an empty key (`- : : x`); js-yaml does not. Neither is a rule file's key.
    if (atKey && (event.valueStart === -1 || event.valueEnd - event.valueStart > MAX_IMPLICIT_KEY_LENGTH))
      throw new NotQuick();
    const value = getScalarValue(this.text, event);
    const plain = event.style === SCALAR_STYLE.PLAIN;
    if (value.length > MAX_SHARED_SCALAR_LENGTH) return this.make(value, plain, atKey);
    const made = this.made[plain ? (atKey ? 0 : 1) : 2];
    let scalar = made.get(value);
    if (scalar === undefined) made.set(value, (scalar = this.make(value, plain, atKey)));
    return scalar;
  }

  private make(value: string, plain: boolean, atKey: boolean): Scalar {
    if (plain) return this.typing.scalar(value, atKey);
    // Quoted and block scalars are strings, with their text as the source (as the composer does).
    const scalar = new Scalar(value);
    scalar.source = value;
    return scalar;
  }
}

/** Under YAML's 1,024 characters for an implicit key, counted in UTF-16 units of the text. */
const MAX_IMPLICIT_KEY_LENGTH = 1000;

/** Longer scalars are made for each node (a value seldom repeats; the cache stays small). */
const MAX_SHARED_SCALAR_LENGTH = 64;
