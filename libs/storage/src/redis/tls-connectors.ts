// The ioredis connector for TLS connections that cannot crash the process with a late socket error.
// ioredis listens to its socket's 'error' with once(). A TLS client that refuses the server's
// certificate (another host name, another CA) destroys the socket with that error, and the
// server's answer to the close can still arrive: an alert ("tlsv1 alert decode error") that Node
// reports as a second 'error' on the destroyed socket. With no listener left, that is an uncaught
// exception: the service would crash instead of retrying with a clear message (found as a flaky
// store test, about 1 start in 25). This connector keeps one listener for the socket's life; the
// first error still reaches ioredis and is reported as before. Used for single servers and the
// nodes of a cluster; sentinel mode keeps ioredis' own connector (its failover events are wired
// to it by ioredis, and no sentinel-over-TLS test exists here to prove a replacement).
import { connect as connectTls, type ConnectionOptions } from 'node:tls';
import { AbstractConnector } from 'ioredis';

type NetStream = Awaited<ReturnType<AbstractConnector['connect']>>;

/** What the standalone connector reads of the client's options (ioredis passes them all). */
interface TlsConnectorOptions {
  readonly host?: string;
  readonly port?: number;
  readonly path?: string | null;
  readonly family?: number;
  readonly tls?: ConnectionOptions;
  readonly disconnectTimeout?: number;
}

/** Errors after the first one, which ioredis has already handled; see the file comment. */
const ignoreLaterErrors = () => undefined;

type ConnectorClass = new (options: unknown) => AbstractConnector;
let connectorClass: ConnectorClass | undefined;

/**
 * ioredis' StandaloneConnector for TLS (single servers, cluster nodes), with the listener kept.
 * It is not exported by ioredis, and a deep import would not survive the production bundle. The
 * class is made on first use: extending ioredis' AbstractConnector when this file loads would load
 * ioredis on every start, also on the memory store (ioredis is loaded only when configured).
 */
export function tlsStandaloneConnector(): ConnectorClass {
  connectorClass ??= class TlsStandaloneConnector extends AbstractConnector {
    private readonly options: TlsConnectorOptions;

    /** ioredis types a connector's options as unknown: they are the client's options. */
    constructor(options: unknown) {
      const { disconnectTimeout } = options as TlsConnectorOptions;
      super(disconnectTimeout ?? 2000);
      this.options = options as TlsConnectorOptions;
    }

    connect(): Promise<NetStream> {
      this.connecting = true;
      const { host, port, path, family, tls } = this.options;
      const address = path ? { path } : { host, port, family };
      return new Promise((resolve, reject) => {
        // a tick later, as ioredis does, so that disconnect() right after connect() wins
        process.nextTick(() => {
          if (!this.connecting) return reject(new Error('Connection is closed.'));
          try {
            this.stream = connectTls({ ...address, ...tls });
          } catch (error) {
            return reject(error as Error);
          }
          this.stream.once('error', (error: Error) => (this.firstError = error));
          this.stream.on('error', ignoreLaterErrors);
          resolve(this.stream);
        });
      });
    }
  };
  return connectorClass;
}
