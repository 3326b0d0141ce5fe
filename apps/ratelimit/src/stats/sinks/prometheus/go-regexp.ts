// Regular expressions written for Go (statsd_exporter mappings): JavaScript reads the same syntax
// for what mappings use, except Go's named group `(?P<name>...)`, spelled `(?<name>...)` here.
// Expansion follows Go's Regexp.ExpandString: `$name` / `${name}`, where name is the longest run
// of letters, digits and `_` (so `$1x` means the group named "1x", i.e. ''; write `${1}x`), `$$` is `$`.

export function compileGoRegExp(source: string, fail: (reason: string) => never): RegExp {
  try {
    return new RegExp(source.replace(/\(\?P</g, '(?<'));
  } catch (error) {
    return fail(`invalid regex ${source}: ${(error as Error).message}`);
  }
}

const REFERENCE = /\$(?:\$|\{([A-Za-z0-9_]+)\}|([A-Za-z0-9_]+))/g;

export function expandGoTemplate(template: string, match: RegExpExecArray): string {
  return template.replace(REFERENCE, (whole, braced: string | undefined, bare: string | undefined) => {
    if (whole === '$$') return '$';
    const name = braced ?? bare ?? '';
    if (/^\d+$/.test(name)) return match[Number(name)] ?? '';
    return match.groups?.[name] ?? '';
  });
}
