/**
 * A keep-alive HTTPS agent whose TLS material (CA, client certificate and key) is set once, at
 * construction, as a transport's is.
 *
 * node:https names a connection pool by the host and port and every TLS option, the PEM texts
 * included: a string of several KB, built again (Buffers converted to text) several times per
 * request (adding it, freeing its socket) and hashed by each of the pool's lookups. In the
 * console's main-thread profile that was ~2% (getName, and addRequest's own time). A request
 * carrying this agent's own material, the only kind a transport sends, is named as node names
 * it but for those texts; any other request is named exactly as node names it, so two pools
 * never share a name they should not.
 */
import { Agent, type RequestOptions } from 'node:https';

export class FixedTlsAgent extends Agent {
  override getName(options: RequestOptions = {}): string {
    const own = this.options;
    if (options.ca !== own.ca || options.cert !== own.cert || options.key !== own.key || options.pfx !== own.pfx) return super.getName(options);
    // Every option node's getName reads (http's, then https' own), but the PEM texts. A literal,
    // not a spread: the options node passes are a prototype-less dictionary, slow to spread.
    return super.getName({
      host: options.host,
      port: options.port,
      localAddress: options.localAddress,
      family: options.family,
      socketPath: options.socketPath,
      clientCertEngine: options.clientCertEngine,
      ciphers: options.ciphers,
      rejectUnauthorized: options.rejectUnauthorized,
      servername: options.servername,
      minVersion: options.minVersion,
      maxVersion: options.maxVersion,
      secureProtocol: options.secureProtocol,
      crl: options.crl,
      honorCipherOrder: options.honorCipherOrder,
      ecdhCurve: options.ecdhCurve,
      dhparam: options.dhparam,
      secureOptions: options.secureOptions,
      sessionIdContext: options.sessionIdContext,
      sigalgs: options.sigalgs,
      privateKeyIdentifier: options.privateKeyIdentifier,
      privateKeyEngine: options.privateKeyEngine,
    });
  }
}
