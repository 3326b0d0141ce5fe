export * from './model';
export * from './rule-snapshot';
export type { Logger } from './logger';
export * from './raw-domain-config';
export * from './rule-config-error';
export * from './parse-yaml-config';
export * from './compile-snapshot';
export type * from './describe-rules';
export { limitLines } from './limit-texts';
export { MAX_CHECK_CHANGES, type LimitChange } from './limit-changes';
export { cachedCountingKey, type CachedCountingKey, type UnsupportedAlgorithms } from './compile-algorithm';
export * from './resolve-limits-to-check';
export * from './sources/rule-source';
export { ruleFilesDirectory, type RuleFileLayout } from './sources/read-rule-files';
export * from './sources/file-rule-source';
export * from './sources/xds-rule-source';
export type { XdsConnectionOptions, XdsTlsOptions } from './sources/xds-ads-stream';
export type { XdsBackoffOptions } from './sources/xds-backoff';
export { RATE_LIMIT_CONFIG_TYPE_URL } from './sources/xds-protos';
export { findProtoRoot, PROTO_LOADER_OPTIONS, PROTO_ROOT } from './proto-files';
export * from './from-xds-config';
export * from './rule-registry';
export {
  checkRulesInWorker,
  loadRulesInWorker,
  rulesWorkerPath,
  type CheckedRules,
} from './worker/run-rules-worker';
export type { InForceTexts } from './worker/check-worker';
export { collectGarbage } from './worker/collect-garbage';
export { takePiece, type Piece } from './worker/take-piece';
export { DEFAULT_MAX_RULE_FILE_BYTES } from './sources/read-rule-files';
export * from './rules-module-options';
export * from './rules.module';
