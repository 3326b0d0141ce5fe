type Globals = {
  navigator?: { userAgent?: string } | null;
  process?: { versions?: { node?: string }; platform?: string; arch?: string } | null;
};

/**
 * The runtime part of the default user-agent: `Node.js/<version> (<platform>; <arch>)` where
 * `process.versions.node` is set (Node, and runtimes that say they are Node), else the browser's
 * `navigator.userAgent`, else `<environment undetectable>`. Node 21 and later have a `navigator`
 * of their own whose userAgent is only `Node.js/<major>`: Node is asked first so the detailed
 * form is kept there (docs/endpoint.md). Reads globals through an object so the library
 * references no Node built-in and stays bundleable for browsers; tests pass their own object.
 */
export function getRuntimeUserAgent(
  { navigator: browser, process: runtime }: Globals = globalThis as Globals,
) {
  const node = runtime?.versions?.node;
  return node
    ? `Node.js/${node} (${runtime!.platform}; ${runtime!.arch})`
    : browser?.userAgent || '<environment undetectable>';
}
