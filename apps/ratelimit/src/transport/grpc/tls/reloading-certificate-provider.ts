// A grpc-js CertificateProvider that serves the certificate, key and client CA files of the
// gRPC server and re-reads them when they change (docs/tls.md, "Certificate hot reload").
// grpc-js pushes every update into the listening TLS server with setSecureContext, so new
// connections get the new certificate while open ones keep theirs.
//
// Why not grpc-js' FileWatcherCertificateProvider: it publishes whatever it reads, so a file
// caught half-written, a key that does not match the certificate, or a missing file turns the
// identity to null and the server drops every handshake until the next good read. Here a new set
// is published only after loadTlsMaterial() proved it works; anything else keeps the current one.
import { dirname } from 'node:path';
import type { experimental } from '@grpc/grpc-js';
import type { Logger } from '@repo/rules';
import { isSameMaterial, loadTlsMaterial, type TlsFilePaths, type TlsMaterial } from './load-tls-material';
import { watchDirectories } from './watch-directories';

type CaListener = experimental.CaCertificateUpdateListener;
type IdentityListener = experimental.IdentityCertificateUpdateListener;

export interface ReloadingCertificateProviderOptions {
  readonly paths: TlsFilePaths;
  readonly logger: Pick<Logger, 'info' | 'warn'>;
  /** Quiet time after a change in the files' directories before they are read. */
  readonly debounceMs: number;
  /** The files are also re-read this often (0 = only on change events). */
  readonly pollIntervalMs: number;
}

/** What one reload did: published a new set, found the same bytes, or kept the old set. */
export type ReloadOutcome = 'updated' | 'unchanged' | 'rejected';

export class ReloadingCertificateProvider implements experimental.CertificateProvider {
  private readonly caListeners = new Set<CaListener>();
  private readonly identityListeners = new Set<IdentityListener>();
  private stopWatching: (() => void) | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private queued: Promise<ReloadOutcome> | undefined;
  private lastRejection = '';

  private constructor(
    private readonly options: ReloadingCertificateProviderOptions,
    private current: TlsMaterial,
  ) {}

  /** Reads the files once; rejects (TlsMaterialError) when they cannot be served. */
  static async create(options: ReloadingCertificateProviderOptions): Promise<ReloadingCertificateProvider> {
    return new ReloadingCertificateProvider(options, await loadTlsMaterial(options.paths));
  }

  /** The set being served. */
  get material(): TlsMaterial {
    return this.current;
  }

  /**
   * Re-reads the files and publishes them if they changed and work together. Reloads run one at a
   * time; calls made while one runs share the single reload queued after it.
   */
  reload(): Promise<ReloadOutcome> {
    if (this.queued !== undefined) return this.queued;
    const queued = this.running.then(() => {
      this.queued = undefined;
      return this.reloadNow();
    });
    this.queued = queued;
    this.running = queued;
    return queued;
  }

  addCaCertificateListener(listener: CaListener): void {
    this.caListeners.add(listener);
    this.startWatching();
    // Like grpc-js' own providers: deliver after the caller has registered its watcher.
    process.nextTick(listener, this.caUpdate());
  }

  removeCaCertificateListener(listener: CaListener): void {
    this.caListeners.delete(listener);
    this.stopWhenUnused();
  }

  addIdentityCertificateListener(listener: IdentityListener): void {
    this.identityListeners.add(listener);
    this.startWatching();
    process.nextTick(listener, this.identityUpdate());
  }

  removeIdentityCertificateListener(listener: IdentityListener): void {
    this.identityListeners.delete(listener);
    this.stopWhenUnused();
  }

  /** Stops watching the files (also happens by itself when the last listener goes). */
  close(): void {
    this.stopWatching?.();
    this.stopWatching = undefined;
  }

  private async reloadNow(): Promise<ReloadOutcome> {
    let material: TlsMaterial;
    try {
      material = await loadTlsMaterial(this.options.paths);
    } catch (error) {
      const message = (error as Error).message;
      // The poll would repeat the same warning every interval while the files stay bad.
      if (message !== this.lastRejection) {
        this.options.logger.warn(`keeping the current gRPC server certificate: ${message}`);
      }
      this.lastRejection = message;
      return 'rejected';
    }
    this.lastRejection = '';
    if (isSameMaterial(material, this.current)) return 'unchanged';
    this.current = material;
    this.options.logger.info(`gRPC server certificate reloaded: ${material.description}`);
    const identity = this.identityUpdate();
    for (const listener of this.identityListeners) listener(identity);
    const ca = this.caUpdate();
    for (const listener of this.caListeners) listener(ca);
    return 'updated';
  }

  private identityUpdate(): experimental.IdentityCertificateUpdate {
    return { certificate: this.current.certificate, privateKey: this.current.privateKey };
  }

  private caUpdate(): experimental.CaCertificateUpdate | null {
    return this.current.clientCa === undefined ? null : { caCertificate: this.current.clientCa };
  }

  private startWatching(): void {
    if (this.stopWatching !== undefined) return;
    const { paths, debounceMs, pollIntervalMs, logger } = this.options;
    const files = [paths.certFile, paths.keyFile, paths.clientCaFile].filter((file) => file !== '');
    this.stopWatching = watchDirectories({
      directories: files.map((file) => dirname(file)),
      debounceMs,
      pollIntervalMs,
      onChange: () => void this.reload(),
      onError: (message) => logger.warn(`gRPC server certificate: ${message}; still polling`),
    });
  }

  private stopWhenUnused(): void {
    if (this.caListeners.size === 0 && this.identityListeners.size === 0) this.close();
  }
}
