// `ratelimit -h` (or -help, --help): the service takes no flags, only environment variables, so
// the usage says that and names the ones a first run needs. Other arguments are ignored, as the
// reference's service ignores them.
export const SERVICE_USAGE = [
  'usage: ratelimit',
  '  The rate limit service, configured only by environment variables (docs/settings.md), e.g.:',
  '  BACKEND_TYPE          memory (the default without a Redis URL), redis or memcache',
  '  REDIS_URL             host:port, redis:// or rediss:// URL, or a unix socket path',
  '  RUNTIME_ROOT, RUNTIME_SUBDIRECTORY, RUNTIME_APPDIRECTORY',
  '                        the rules are the YAML files of <root>/<subdirectory>/<appdirectory>',
  '                        (defaults /srv/runtime_data/current, none, config)',
  '  PORT, GRPC_PORT, DEBUG_PORT',
  '                        HTTP (8080), gRPC (8081) and debug (6070) listeners',
  '  LOG_LEVEL             trace, debug, info, warn (the default), error',
  '  (-version prints the version and exits)',
].join('\n');

/** Whether the arguments ask for the usage, as Go's flag package reads -h and -help. */
export function isHelpRequest(argv: readonly string[]): boolean {
  return argv.some((argument) => /^--?(h|help)$/.test(argument));
}
