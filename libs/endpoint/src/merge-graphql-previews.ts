import { fail, requireArray, requireString } from './fail';

type Options = Record<string, unknown>;
type MediaType = { previews?: unknown };

/**
 * The `/graphql` previews step of merge: the defaults' previews that the merged
 * list lacks come first, then each preview loses its first `-preview`. Unlike the reference,
 * the result gets a new mediaType object, so neither DEFAULTS nor the caller's object is
 * written to. Only a missing defaults mediaType throws: a primitive one has no previews.
 */
export function mergeGraphqlPreviews(defaults: Options | null, merged: Options): void {
  const mediaType = merged.mediaType as MediaType;
  if (Object(mediaType) !== mediaType) fail('mediaType must be an object', mediaType);
  let previews = mediaType.previews as { includes?: unknown };
  const defaultPreviews =
    defaults &&
    ((defaults.mediaType ?? fail('DEFAULTS.mediaType must be an object', defaults.mediaType)) as MediaType)
      .previews;
  if ((defaultPreviews as { length?: unknown } | undefined)?.length) {
    const includes = previews?.includes;
    previews = requireArray(defaultPreviews, 'DEFAULTS.mediaType.previews')
      .filter((preview) =>
        typeof includes == 'function'
          ? !includes.call(previews, preview)
          : fail('mediaType.previews must be an array', previews),
      )
      .concat(previews);
  }
  merged.mediaType = Object.assign(
    Array.isArray(mediaType) ? [] : Object.create(Object.getPrototypeOf(mediaType) as object),
    mediaType,
    {
      previews: requireArray(previews || [], 'mediaType.previews').map((preview) =>
        requireString(preview, 'mediaType.previews items').replace('-preview', ''),
      ),
    },
  );
}
