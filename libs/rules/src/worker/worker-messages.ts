// What the service and the rules worker process say to each other (structured clones over IPC).
import type { CompileOptions } from '../compile-snapshot';
import type { LimitChange } from '../limit-changes';
import { RuleConfigError, type SourcePosition } from '../rule-config-error';
import type { RuleFileLayout } from '../sources/read-rule-files';
import type { DomainSources } from './snapshot-records';

/** Limits as lines of text by stats key (limitLines), as they cross the channel. */
export type LimitLines = ReadonlyArray<readonly [statsKey: string, text: string]>;

export type WorkerJob =
  | {
      readonly type: 'load';
      readonly layout: RuleFileLayout;
      readonly directoryMustExist: boolean;
      readonly options: CompileOptions;
    }
  /** The RateLimitConfig resources of an xDS set (their bytes): decoded, compiled and sent back as a load's are. */
  | {
      readonly type: 'compile-xds';
      readonly resources: readonly Uint8Array[];
      readonly options: CompileOptions;
    }
  | {
      readonly type: 'check';
      readonly text: string;
      readonly sourceName: string;
      readonly options: CompileOptions;
    }
  /**
   * The service's answer to `describe-in-force` and to each `more-in-force`: the next lines of those
   * domains' limits in force; `done` with the last.
   */
  | { readonly type: 'in-force'; readonly texts: LimitLines; readonly done: boolean };

export type WorkerReply =
  | { readonly type: 'loaded'; readonly configCount: number; readonly sources: DomainSources }
  /** NodeRecord[] as JSON; an empty list ends the snapshot. */
  | { readonly type: 'records'; readonly json: string }
  /** A paste without errors: the worker asks for the lines in force of the paste's domains. */
  | { readonly type: 'describe-in-force'; readonly domains: readonly string[] }
  /** The worker received a piece of the lines in force that was not the last, and asks for the next. */
  | { readonly type: 'more-in-force' }
  | {
      readonly type: 'checked';
      readonly errors: readonly ErrorData[];
      readonly errorCount: number;
      /** Without errors: the first changes against the rules in force, and how many in all. */
      readonly changes: readonly LimitChange[];
      readonly changeCount: number;
      /** The check worker's resident memory after the check. */
      readonly rssBytes?: number;
    }
  | { readonly type: 'failed'; readonly error: ErrorData; readonly rssBytes?: number };

/** A RuleConfigError (sourceName set) or any other error, as data. */
export interface ErrorData {
  readonly message: string;
  readonly sourceName?: string;
  readonly detail?: string;
  readonly position?: SourcePosition;
}

export function toErrorData(error: unknown): ErrorData {
  if (error instanceof RuleConfigError) {
    const { message, sourceName, detail, position } = error;
    return { message, sourceName, detail, ...(position ? { position } : {}) };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

export function fromErrorData(data: ErrorData): Error {
  if (data.sourceName !== undefined && data.detail !== undefined)
    return new RuleConfigError(data.sourceName, data.detail, data.position);
  return new Error(data.message);
}
