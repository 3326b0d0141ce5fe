// GitHub's REST operations at the type level. The map is @octokit/types' `Endpoints`
// (generated from GitHub's OpenAPI description, the one @octokit/endpoint's own types use);
// nothing here is written by hand per route. Types only: this file emits no code.
import type { Endpoints } from '@octokit/types';
import type { EndpointOptions, MediaType, RequestHeaders, RequestRequestOptions } from './types';

/** Every operation of GitHub's REST API as `"METHOD /path"`, e.g. `"GET /repos/{owner}/{repo}"`. */
export type KnownRoute = keyof Endpoints;

/**
 * A route: `"METHOD url"` or just a url. Known routes complete in an editor; any other string is
 * accepted too (`& {}` keeps the literals from being absorbed into `string`).
 */
export type Route = KnownRoute | (string & {});

/** Options that a call may add to a known route's parameters. */
export interface CallOptions {
  baseUrl?: string;
  headers?: RequestHeaders;
  mediaType?: MediaType;
  request?: RequestRequestOptions;
}

/** The parameters GitHub's description gives a known route (path, query, body). */
export type ParametersOf<R extends KnownRoute> = Endpoints[R] extends { parameters: infer P } ? P : never;

/**
 * Keys whose value a defaults object really supplies. A key that may be undefined supplies
 * nothing (merge drops undefined values), and neither does an index signature of `unknown`.
 */
export type SuppliedKeys<D> = { [K in keyof D]-?: undefined extends D[K] ? never : K }[keyof D];

/** `P` with the keys in `S` made optional; distributes over unions (operations with oneOf bodies). */
type WithOptional<P, S extends PropertyKey> = P extends unknown
  ? [S & keyof P] extends [never]
    ? P
    : { [K in keyof P as K extends S ? never : K]: P[K] } & {
        [K in keyof P as K extends S ? K : never]?: P[K];
      }
  : never;

/**
 * What a call of known route `R` may pass, given the defaults `D` of the function: the route's
 * parameters (those `D` supplies become optional) plus baseUrl, headers, mediaType and request.
 * No index signature, so a misspelt name is a compile error.
 */
export type RouteParameters<R extends KnownRoute, D = object> = WithOptional<
  ParametersOf<R>,
  SuppliedKeys<D>
> &
  CallOptions;

/**
 * The arguments after the route. For a known route the parameters are required as soon as one
 * of them is required; any other route takes free-form options.
 * `[R] extends [...]` on purpose: a distributive test would make the compiler expand every
 * route of the map whenever it checks a call (seconds per file).
 */
export type RouteArguments<R, D> = [R] extends [KnownRoute]
  ? object extends RouteParameters<R, D>
    ? [parameters?: RouteParameters<R, D>]
    : [parameters: RouteParameters<R, D>]
  : [R] extends [string]
    ? [options?: EndpointOptions]
    : [];

/** `"PATCH"` of `"PATCH /repos/{owner}/{repo}"`. */
export type MethodOf<R extends string> = R extends `${infer M} ${string}` ? M : string;

/** `"/repos/{owner}/{repo}"` of `"PATCH /repos/{owner}/{repo}"`. */
export type UrlOf<R extends string> = R extends `${string} ${infer U}` ? U : R;
