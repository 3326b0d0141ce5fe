// Test support shared by every test suite: real servers as child processes on free loopback
// ports (installed with apt-get when missing), test certificates, polling with a deadline,
// headless Chromium.
export { spawnBuiltApp, startBuiltApp, type BuiltApp, type StartBuiltAppOptions } from './built-app';
export { createTestCertificates, type TestCertificates } from './certificates';
export { ensureBinaries, ensureBinary, findExecutable } from './ensure-binary';
export { startFaultProxy, type FaultMode, type FaultProxy } from './fault-proxy';
export { freePort, freePortPair } from './free-port';
export { isProcessAlive } from './is-process-alive';
export { launchChromium, type LaunchChromiumOptions } from './launch-chromium';
export { ManagedProcess, stopAllServers, type ManagedProcessOptions } from './managed-process';
export { memcachedCommand, startMemcached, type MemcachedServer } from './memcached-server';
export { startRedisCluster, type RedisClusterTopology } from './redis-cluster';
export { startRedisSentinel, type RedisSentinelTopology } from './redis-sentinel';
export {
  clientTlsOptions,
  LOOPBACK,
  startRedis,
  type ManagedServer,
  type RedisOptions,
  type RedisServer,
} from './redis-server';
export { parseInfo, respCommand, type RespReply } from './resp-command';
export { redisCommandCalls, redisScriptCalls, type RedisCommandTarget } from './redis-command-stats';
export { scratchDir } from './scratch-dir';
export { waitFor, type WaitForOptions } from './wait-for';
export { repoRoot } from './repo-root';
export { browserBundleSize, type BundleSize } from './browser-bundle-size';
