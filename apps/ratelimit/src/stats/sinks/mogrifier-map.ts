// TAGGEDSTATS_MOGRIFIERS (reference godogstats/mogrifier_map.go): the first mogrifier, in list
// order, whose PATTERN matches a stat name (unanchored, like Go's FindStringSubmatch) renames it
// to NAME and adds TAGS; `$0`, `$1`... in NAME and tag values are the match groups.
import type { Mogrifier } from '../../settings/settings';

export interface Mogrified {
  readonly name: string;
  /** `key:value` strings in the order the mogrifier lists them. */
  readonly tags: readonly string[];
}

interface CompiledMogrifier {
  readonly pattern: RegExp;
  readonly name: string;
  readonly tags: readonly (readonly [string, string])[];
}

const GROUP_REFERENCE = /\$(\d+)/g;

export class MogrifierMap {
  private readonly mogrifiers: readonly CompiledMogrifier[];

  constructor(mogrifiers: readonly Mogrifier[]) {
    this.mogrifiers = mogrifiers.map((mogrifier) => ({
      pattern: new RegExp(mogrifier.pattern),
      name: mogrifier.metricName,
      tags: Object.entries(mogrifier.tags),
    }));
  }

  mogrify(name: string): Mogrified {
    for (const mogrifier of this.mogrifiers) {
      const match = mogrifier.pattern.exec(name);
      if (match === null) continue;
      return {
        name: substitute(mogrifier.name, match),
        tags: mogrifier.tags.map(([key, value]) => `${key}:${substitute(value, match)}`),
      };
    }
    return { name, tags: [] };
  }
}

function substitute(template: string, match: RegExpExecArray): string {
  return template.replace(GROUP_REFERENCE, (_, index: string) => match[Number(index)] ?? '');
}
