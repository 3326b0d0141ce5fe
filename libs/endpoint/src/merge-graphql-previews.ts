import { fail } from './fail';

type Options = Record<string, unknown>;
type Previews = { includes(item: unknown): boolean } & unknown[];
type MediaType = { previews?: Previews };

/**
 * The `/graphql` previews step of merge, with the reference's operations: the defaults'
 * previews that the merged list lacks come first, then each preview loses its first
 * `-preview`. Unlike the reference, the result gets a new mediaType object (same prototype, an
 * array stays an array), so neither DEFAULTS nor the caller's object is written to. Where the
 * reference crashes (a missing or primitive mediaType, previews that are not an array of
 * strings) the same error is thrown with the inputs named in front of its message.
 */
export function mergeGraphqlPreviews(defaults: Options | null, merged: Options): void {
  const mediaType = merged.mediaType as MediaType;
  try {
    // The reference sets previews on it, which throws for a primitive in strict mode.
    if (Object(mediaType) !== mediaType) fail('mediaType must be an object', mediaType);
    let previews = mediaType.previews as Previews;
    const defaultPreviews = defaults && (defaults.mediaType as MediaType).previews;
    if (defaultPreviews?.length) {
      previews = defaultPreviews
        .filter((preview) => !previews.includes(preview))
        .concat(previews) as Previews;
    }
    merged.mediaType = Object.assign(
      Array.isArray(mediaType) ? [] : Object.create(Object.getPrototypeOf(mediaType) as object),
      mediaType,
      { previews: (previews || []).map((preview) => (preview as string).replace('-preview', '')) },
    );
  } catch (error) {
    (error as Error).message =
      'For /graphql, mediaType and DEFAULTS.mediaType must be objects and their previews arrays of strings: ' +
      (error as Error).message;
    throw error;
  }
}
