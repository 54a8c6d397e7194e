/** PEM CA certificates given for a target: each block must parse as X.509, or the caller is told which does not. */
import { X509Certificate } from 'node:crypto';

const block = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The bundle, normalized to its certificate blocks; throws an Error saying what is wrong. */
export function parseCaBundle(pem: string): string {
  const blocks = pem.match(block) ?? [];
  if (blocks.length === 0) throw new Error('no PEM certificate (-----BEGIN CERTIFICATE-----) in it');
  blocks.forEach((b, i) => {
    try {
      new X509Certificate(b);
    } catch (err) {
      throw new Error(`certificate ${i + 1} does not parse: ${(err as Error).message}`, { cause: err });
    }
  });
  return `${blocks.join('\n')}\n`;
}
