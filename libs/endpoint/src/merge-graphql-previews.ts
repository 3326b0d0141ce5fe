import { check } from './check';
import type { MergedOptions } from './types';

type Options = Record<string, unknown>;
type Previews = string[];
type MediaType = { previews?: Previews };

/**
 * The `/graphql` previews step of merge, with the reference's operations: the defaults'
 * previews that the merged list lacks come first, then each preview loses its first
 * `-preview`. Unlike the reference, the result gets a new mediaType object (same prototype, an
 * array stays an array), so neither DEFAULTS nor the caller's object is written to.
 * Where the reference throws (a missing or primitive mediaType, where it writes previews in strict
 * mode; a DEFAULTS.mediaType that is null; previews that are not an array of strings) this throws
 * `mediaType must be an object with string previews`: only those operations run inside the try.
 */
export function mergeGraphqlPreviews(defaults: MergedOptions | null, merged: Options): void {
  const mediaType = merged.mediaType as MediaType;
  try {
    let previews = mediaType.previews as Previews;
    const defaultPreviews = defaults?.mediaType.previews;
    if (defaultPreviews?.length)
      previews = defaultPreviews.filter((preview) => !previews.includes(preview)).concat(previews);
    merged.mediaType = Object.assign(
      // Reflect.getPrototypeOf throws for a primitive, as the reference's write does.
      Array.isArray(mediaType) ? [] : Object.create(Reflect.getPrototypeOf(mediaType)),
      mediaType,
      { previews: (previews || []).map((preview) => preview.replace('-preview', '')) },
    );
  } catch {
    check(0, 'mediaType', 'an object with string previews');
  }
}
