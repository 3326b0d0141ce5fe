/**
 * The runtime part of the default user-agent (like universal-user-agent 7): the
 * browser's `navigator.userAgent`, else `Node.js/<version> (<platform>; <arch>)`, else
 * `<environment undetectable>`. Node 21 and later have a `navigator` of their own whose
 * userAgent is only `Node.js/<major>` (the reference reports that there); in Node the detailed form
 * is kept (docs/endpoint.md). Reads globals through an object so the library references no Node
 * built-in and stays bundleable for browsers; tests pass their own global object.
 */
export function getRuntimeUserAgent(global: object = globalThis): string {
  const { navigator: browser, process: runtime } = global as {
    navigator?: { userAgent?: unknown } | null;
    process?: { version?: unknown; platform?: unknown; arch?: unknown; versions?: { node?: unknown } } | null;
  };
  const isNode = typeof runtime?.versions?.node === 'string';
  if (!isNode && typeof browser === 'object' && browser !== null && 'userAgent' in browser) {
    return String(browser.userAgent);
  }
  if (typeof runtime === 'object' && runtime !== null && runtime.version !== undefined) {
    const version = String(runtime.version).substring(1);
    return `Node.js/${version} (${String(runtime.platform)}; ${String(runtime.arch)})`;
  }
  return '<environment undetectable>';
}
