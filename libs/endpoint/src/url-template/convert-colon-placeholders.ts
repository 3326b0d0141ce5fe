// `:name` placeholders become `{name}` anywhere in the url: a colon, one lowercase
// ASCII letter and at least one more word character. Runs once per template (cached).
const COLON_PLACEHOLDER = /:([a-z]\w+)/g;

export function convertColonPlaceholders(url: string): string {
  return url.includes(':') ? url.replace(COLON_PLACEHOLDER, '{$1}') : url;
}
