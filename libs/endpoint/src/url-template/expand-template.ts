import type { CompiledTemplate } from './compiled-template';

/**
 * Expands a compiled template with the parameters (the merged options; reserved keys such as
 * `url` never count), then removes one trailing `/` unless the whole url is exactly `/`.
 */
export function expandTemplate(template: CompiledTemplate, parameters: Readonly<Record<string, unknown>>) {
  return template.parts
    .map((part) => part(parameters))
    .join('')
    .replace(/(?!^)\/$/, '');
}
