import { asString } from './as-string';

type Options = Record<string, unknown>;
type MediaTypeObject = Record<string, unknown>;

/**
 * The `/graphql` previews step of merge: the defaults' previews that the merged
 * list lacks come first, then each preview loses its first `-preview`. Unlike the reference,
 * the result gets a new mediaType object, so neither DEFAULTS nor the caller's object is
 * written to.
 */
export function mergeGraphqlPreviews(defaults: Options | null, merged: Options): void {
  const defaultPreviews = defaults ? previewsOfDefaults(defaults) : undefined;
  const mediaType = mediaTypeOf(merged);
  let previews = mediaType.previews;
  if ((defaultPreviews as { length?: unknown } | undefined)?.length) {
    previews = prependDefaultPreviews(defaultPreviews, previews);
  }
  merged.mediaType = copyWithPreviews(mediaType, stripPreviewSuffixes(previews || []));
}

/** Only a missing mediaType throws here: reading previews of a primitive gives undefined. */
function previewsOfDefaults(defaults: Options): unknown {
  const mediaType = defaults.mediaType as { previews?: unknown } | null | undefined;
  if (mediaType === null || mediaType === undefined) {
    throw new TypeError('mediaType of the defaults must be an object for a /graphql request');
  }
  return mediaType.previews;
}

function mediaTypeOf(options: Options): MediaTypeObject {
  const mediaType = options.mediaType;
  if ((typeof mediaType === 'object' && mediaType !== null) || typeof mediaType === 'function') {
    return mediaType as MediaTypeObject;
  }
  throw new TypeError('mediaType of the options must be an object for a /graphql request');
}

function prependDefaultPreviews(defaultPreviews: unknown, previews: unknown): unknown[] {
  if (!Array.isArray(defaultPreviews)) {
    throw new TypeError('mediaType.previews of the defaults must be an array');
  }
  const includes = (previews as { includes?: unknown } | null | undefined)?.includes;
  if (typeof includes !== 'function') {
    throw new TypeError('mediaType.previews must be an array when the defaults have previews');
  }
  const missing = defaultPreviews.filter((preview) => !includes.call(previews, preview));
  return missing.concat(previews);
}

function stripPreviewSuffixes(previews: unknown): string[] {
  if (!Array.isArray(previews)) {
    throw new TypeError('mediaType.previews must be an array of strings for a /graphql request');
  }
  return previews.map((preview: unknown) => {
    const text = asString(preview);
    if (text === undefined) {
      throw new TypeError(`mediaType.previews items must be strings, got ${typeof preview}`);
    }
    return text.replace('-preview', '');
  });
}

function copyWithPreviews(mediaType: MediaTypeObject, previews: string[]): MediaTypeObject {
  const copy: MediaTypeObject = Array.isArray(mediaType)
    ? Object.assign([], mediaType)
    : Object.assign(Object.create(Object.getPrototypeOf(mediaType)) as MediaTypeObject, mediaType);
  copy.previews = previews;
  return copy;
}
