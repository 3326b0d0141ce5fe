// The console's POST routes take only a content type that a page on another site cannot send
// without the listener's consent (a CORS preflight, which the debug listener never grants):
// text/plain, form and multipart bodies are what a cross-site <form> or no-cors fetch can send.
// The Origin and Host checks (debug/refuse-cross-site.ts) already refuse such requests from
// browsers that send those headers; this holds for the rest.

/** The media types each POST route takes (the rules check: YAML, or JSON, which YAML reads). */
export const POST_CONTENT_TYPES: Readonly<Record<string, readonly string[]>> = {
  try: ['application/json'],
  check: ['application/yaml', 'application/json'],
};

/** The reason to refuse with 415, or undefined when the route takes this content type. */
export function refuseContentType(route: string, contentType: string | undefined): string | undefined {
  const accepted = POST_CONTENT_TYPES[route];
  if (accepted === undefined) return undefined;
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (accepted.includes(mediaType)) return undefined;
  const got = contentType === undefined ? 'none' : JSON.stringify(contentType);
  return `POST /console/api/${route} needs content-type ${accepted.join(' or ')} (got ${got})`;
}
