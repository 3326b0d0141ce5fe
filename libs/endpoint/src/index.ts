// Public surface of @repo/endpoint: the same API as @octokit/endpoint (spec Part A.1).
import { DEFAULTS } from './defaults';
import { withDefaults } from './with-defaults';

export const endpoint = withDefaults(null, DEFAULTS);

export { USER_AGENT_PRODUCT, VERSION } from './version';
export type {
  EndpointInterface,
  EndpointOptions,
  MediaType,
  MergedOptions,
  RequestHeaders,
  RequestOptions,
  RequestRequestOptions,
  Route,
} from './types';
