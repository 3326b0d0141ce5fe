import type { KnownRoute, MethodOf, ParametersOf, Route, RouteArguments, UrlOf } from './typed-routes';
import type { EndpointOptions, MergedOptions, RequestOptions } from './types';

/** The result of a call: for a known route the method is known, lowercase (`"get"`). */
export type RouteResult<R> = RequestOptions<[R] extends [KnownRoute] ? MethodOf<R> : string>;

/** What `defaults(x)` adds to the function's defaults type: a route string sets method and url. */
export type DefaultsOf<X> = [X] extends [string]
  ? [X] extends [`${string} ${string}`]
    ? { method: string; url: string }
    : { url: string }
  : [X] extends [object]
    ? X
    : object;

/**
 * The result of `merge(route, parameters)`: a known route's method, url and parameters stay
 * typed; the keys of an options object replace those of the defaults.
 */
export type MergeResult<R, D> = MergedOptions &
  ([R] extends [KnownRoute]
    ? D & { method: MethodOf<R>; url: UrlOf<R> } & ParametersOf<R>
    : [R] extends [string]
      ? D
      : [R] extends [EndpointOptions]
        ? Omit<D, keyof R> & R
        : D);

/**
 * `endpoint` and every function made by `.defaults()`. `D` is what the chain of `.defaults()`
 * calls supplied so far: a known route's parameters found in `D` are optional in a call.
 * The methods' type parameters have no default type on purpose: an editor completes a string
 * argument from the default instead of the constraint when there is one, and would offer no route.
 */
export interface EndpointInterface<D extends object = object> {
  /**
   * Request options for a route (`"GET /repos/{owner}/{repo}"`) and its parameters, or for one
   * options object (`{ method, url, ...parameters }`).
   */
  <R extends Route | EndpointOptions>(route?: R, ...parameters: RouteArguments<R, D>): RouteResult<R>;
  /** This function's defaults (never changed by any call). */
  readonly DEFAULTS: MergedOptions & D;
  /** A new function whose DEFAULTS are merge(this.DEFAULTS, newDefaults); cascades to any depth. */
  defaults<O extends Route | EndpointOptions>(newDefaults?: O): EndpointInterface<D & DefaultsOf<O>>;
  /** Merged options, not parsed: method case kept, url template not expanded. */
  merge<R extends Route | EndpointOptions>(
    route?: R | null,
    ...parameters: RouteArguments<R, D>
  ): MergeResult<R, D>;
  /** Merged options to request options; stateless and shared by every level. */
  parse<M extends string = string>(options: MergedOptions & { method: M }): RequestOptions<M>;
}
