// libs/rules/test/fixtures/every_error_kind.yaml: one error of each kind the config checker knows,
// in one file, and what the checker and the console list for it (line, column, detail), in file order.
import { join } from 'node:path';
import { repoRoot } from '@repo/test-support';

/** The fixture's path (build trees do not copy YAML, so it is read from the repository). */
export function everyErrorKindFile(): string {
  return join(repoRoot(), 'libs/rules/test/fixtures/every_error_kind.yaml');
}

export const EVERY_ERROR_KIND: readonly (readonly [number, number, string])[] = [
  [4, 9, 'config file cannot have empty domain'],
  [7, 5, "config error, unknown key 'ratelimit'"],
  [9, 5, 'config error, key is not of type string: 0.25'],
  [11, 19, 'config error, yaml file contains list of type other than map: a'],
  [13, 52, 'error checking config'],
  [
    15,
    52,
    'error loading config file: yaml: unmarshal errors: line 15: cannot unmarshal !!str `abc` into uint32',
  ],
  [16, 5, 'descriptor has empty key'],
  [19, 5, "duplicate descriptor composite key '.dup_v'"],
  [22, 17, "invalid rate limit unit 'fortnight'"],
  [24, 17, 'should not specify rate limit unit when unlimited'],
  [26, 66, 'should not have an empty replaces entry'],
  [28, 76, 'replaces should not contain name of same descriptor'],
  [30, 17, "invalid rate limit unit_multiplier '0'"],
  [32, 17, "invalid rate limit algorithm 'leaky'"],
  [34, 17, 'burst is only valid with algorithm token_bucket'],
  [36, 17, "invalid rate limit burst '0'"],
  [38, 17, 'should not specify rate limit algorithm when unlimited'],
  [
    39,
    5,
    "share_threshold can only be used with wildcard values (containing '*'), but found key 'share_files_readme'",
  ],
  [44, 15, 'error parsing metadata: struct keys must be strings, found [a b]'],
  [45, 5, 'should not specify both rate_limit and rate_limits'],
  [48, 5, 'rate_limits must be a non-empty list'],
  [50, 5, 'rate_limits allows at most 16 limits'],
  [53, 19, 'unlimited is not allowed in rate_limits'],
  [
    58,
    1,
    'error loading config file: Flow sequence in block collection must be sufficiently indented and end with a ]',
  ],
];

/** Where the store cannot run token buckets (memcached), one more, in its place in the file. */
export const TOKEN_BUCKET_REFUSED: readonly [number, number, string] = [
  55,
  17,
  'token_bucket needs the redis or memory backend',
];
