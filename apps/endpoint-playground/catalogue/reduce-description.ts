import type { CatalogueOperation, CatalogueParameter, RouteCatalogue } from './catalogue';
import {
  defaultOf,
  describeType,
  enumOf,
  objectProperties,
  type OpenApiSchema,
  plainText,
  type ResolveRef,
} from './describe-schema';

interface OpenApiParameter {
  readonly name: string;
  readonly in: string;
  readonly required?: boolean;
  readonly description?: string;
  readonly schema?: OpenApiSchema;
}

interface OpenApiOperation {
  readonly summary?: string;
  readonly operationId?: string;
  readonly externalDocs?: { readonly url?: string };
  readonly servers?: ReadonlyArray<{ readonly url: string }>;
  readonly parameters?: ReadonlyArray<OpenApiParameter | { $ref: string }>;
  readonly requestBody?:
    | { readonly required?: boolean; readonly content?: Readonly<Record<string, { schema?: OpenApiSchema }>> }
    | { $ref: string };
}

/** The parts of an OpenAPI 3.0 document (GitHub's REST description) the catalogue reads. */
export interface OpenApiDocument {
  readonly info: { readonly version: string };
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete'];

function refResolver(document: OpenApiDocument): ResolveRef {
  return <T extends object>(value: T | { $ref: string } | undefined): T | undefined => {
    let current: unknown = value;
    for (let hops = 0; hops < 20 && current && typeof current === 'object' && '$ref' in current; hops++) {
      const path = String((current as { $ref: string }).$ref)
        .replace(/^#\//, '')
        .split('/');
      current = path.reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], document);
    }
    return current as T | undefined;
  };
}

function toParameter(
  name: string,
  location: CatalogueParameter['in'],
  required: boolean,
  schema: OpenApiSchema | undefined,
  description: string | undefined,
  resolve: ResolveRef,
): CatalogueParameter {
  const choices = enumOf(schema, resolve);
  const fallback = defaultOf(schema, resolve);
  return {
    name,
    in: location,
    required,
    type: describeType(schema, resolve),
    description: plainText(description ?? resolve(schema)?.description),
    ...(choices ? { enum: choices } : {}),
    ...(fallback !== undefined ? { default: fallback } : {}),
  };
}

/** Path and query parameters (header and cookie parameters are not endpoint() parameters). */
function urlParameters(operation: OpenApiOperation, resolve: ResolveRef): CatalogueParameter[] {
  return (operation.parameters ?? [])
    .map((parameter) => resolve<OpenApiParameter>(parameter))
    .filter(
      (parameter): parameter is OpenApiParameter => parameter?.in === 'path' || parameter?.in === 'query',
    )
    .map((p) =>
      toParameter(
        p.name,
        p.in as 'path' | 'query',
        p.in === 'path' || !!p.required,
        p.schema,
        p.description,
        resolve,
      ),
    );
}

/**
 * Body parameters: the properties of a JSON object body. Any other body (raw text, a binary
 * upload, a JSON array) is one `data` parameter, which endpoint() sends as the body as is.
 */
function bodyParameters(operation: OpenApiOperation, resolve: ResolveRef): CatalogueParameter[] {
  const body = resolve(operation.requestBody) as Exclude<OpenApiOperation['requestBody'], { $ref: string }>;
  if (!body?.content) return [];
  const json = body.content['application/json'];
  const properties = json ? objectProperties(json.schema, resolve) : [];
  if (properties.length > 0) {
    return properties.map(({ name, schema, required }) =>
      toParameter(name, 'body', required, schema, undefined, resolve),
    );
  }
  const [mediaType, content] = Object.entries(body.content)[0];
  const description = `The request body as is (${mediaType}).`;
  return [toParameter('data', 'body', !!body.required, content.schema, description, resolve)];
}

/**
 * The route endpoint() takes. An operation served from another host (release asset uploads)
 * gets that origin. Query parameters of a method with a body are declared in the url template
 * (`{?name,label}`): endpoint() would otherwise send them in the body.
 */
function routeOf(
  method: string,
  path: string,
  operation: OpenApiOperation,
  query: CatalogueParameter[],
): string {
  const origin = operation.servers?.[0]?.url ?? '';
  const hasBody = method !== 'get' && method !== 'head';
  const template = hasBody && query.length > 0 ? `{?${query.map((p) => p.name).join(',')}}` : '';
  return `${method.toUpperCase()} ${origin}${path}${template}`;
}

/** GitHub's OpenAPI description -> the catalogue the page needs (each parameter stored once). */
export function reduceDescription(document: OpenApiDocument): RouteCatalogue {
  const resolve = refResolver(document);
  const parameters: CatalogueParameter[] = [];
  const indexByKey = new Map<string, number>();
  const indexOf = (parameter: CatalogueParameter): number => {
    const key = JSON.stringify(parameter);
    let index = indexByKey.get(key);
    if (index === undefined) indexByKey.set(key, (index = parameters.push(parameter) - 1));
    return index;
  };
  const operations: CatalogueOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as OpenApiOperation | undefined;
      if (!operation?.operationId) continue;
      const inUrl = urlParameters(operation, resolve);
      const all = [...inUrl, ...bodyParameters(operation, resolve)];
      operations.push({
        route: routeOf(
          method,
          path,
          operation,
          inUrl.filter((p) => p.in === 'query'),
        ),
        summary: operation.summary ?? operation.operationId,
        operationId: operation.operationId,
        docs: operation.externalDocs?.url ?? '',
        parameters: all.map(indexOf),
      });
    }
  }
  operations.sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
  return { version: document.info.version, parameters, operations };
}
