// Public surface of @repo/endpoint: the same API as @octokit/endpoint, with GitHub's routes typed.
import { DEFAULTS } from './defaults';
import { withDefaults } from './with-defaults';

export const endpoint = withDefaults(null, DEFAULTS);

export { USER_AGENT_PRODUCT, VERSION } from './version';
export type { DefaultsOf, EndpointInterface, MergeResult, RouteResult } from './endpoint-interface';
export type {
  CallOptions,
  KnownRoute,
  MethodOf,
  ParametersOf,
  Route,
  RouteArguments,
  RouteParameters,
  SuppliedKeys,
  UrlOf,
} from './typed-routes';
export type {
  EndpointOptions,
  MediaType,
  MergedOptions,
  RequestHeaders,
  RequestOptions,
  RequestRequestOptions,
} from './types';
