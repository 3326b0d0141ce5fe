type Globals = {
  navigator?: { userAgent?: unknown } | null;
  process?: { version?: unknown; platform?: unknown; arch?: unknown; versions?: { node?: unknown } } | null;
};

/**
 * The runtime part of the default user-agent (like universal-user-agent 7): the
 * browser's `navigator.userAgent`, else `Node.js/<version> (<platform>; <arch>)`, else
 * `<environment undetectable>`. Node 21 and later have a `navigator` of their own whose
 * userAgent is only `Node.js/<major>` (the reference reports that there); in Node the detailed form
 * is kept (docs/endpoint.md). Reads globals through an object so the library references no Node
 * built-in and stays bundleable for browsers; tests pass their own global object.
 */
export function getRuntimeUserAgent(
  { navigator: browser, process: runtime }: Globals = globalThis as Globals,
) {
  return !runtime?.versions?.node && typeof browser?.userAgent == 'string'
    ? browser.userAgent
    : runtime?.version !== undefined
      ? `Node.js/${String(runtime.version).slice(1)} (${runtime.platform as string}; ${runtime.arch as string})`
      : '<environment undetectable>';
}
