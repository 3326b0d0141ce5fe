import { endpoint, USER_AGENT_PRODUCT, VERSION } from '@repo/endpoint';

/**
 * The user-agent of every playground result, in the page and in POST /api/endpoint alike.
 *
 * Why fixed: the library's default user-agent ends with the runtime (the browser's
 * navigator.userAgent in the page, `Node.js/24.x (linux; x64)` on the server), so the page and
 * the API would never agree. Using the caller's User-Agent header instead would make the API's
 * answer depend on who calls it (curl, a test, a browser), so the page could not predict it.
 * A fixed value keeps both sides equal and the answer reproducible; a `user-agent` header in
 * Defaults or Parameters still overrides it, exactly as with the library.
 */
export const PLAYGROUND_USER_AGENT = `${USER_AGENT_PRODUCT}/${VERSION} endpoint-playground`;

/** `endpoint` with the fixed playground user-agent; both the page and the API start here. */
export const playgroundEndpoint = endpoint.defaults({ headers: { 'user-agent': PLAYGROUND_USER_AGENT } });
