import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';

/**
 * A local HTTPS server that plays a Chia node or wallet: mutual TLS with a private CA (as
 * Chia's ssl/ folder has it), JSON POSTed to /<method>. `answer` gives the body for a
 * request, or undefined for the node's "not found" failure.
 */
export interface TlsNode {
  url: string;
  requests: { path: string; body: Record<string, unknown>; client: string }[];
  /** Files of the CA and of a client certificate it signed ("pool client"). */
  file(name: 'ca.crt' | 'ca.key' | 'pool.crt' | 'pool.key'): string;
  /** A certificate pair the CA did not sign. */
  stranger(): { cert: string; key: string };
  /** A Chia `config/ssl` folder whose `service` pair is the client certificate, and its CA. */
  chiaSslFolder(service: 'full_node' | 'wallet'): string;
  close(): Promise<void>;
}

export async function startTlsNode(answer: (path: string, body: Record<string, unknown>) => unknown): Promise<TlsNode> {
  // `answer` may be async (a wallet that answers only once its work is done).
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chia-tls-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  const certificate = (name: string, cn: string) => {
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', file(`${name}.key`), '-out', file(`${name}.csr`), '-subj', `/CN=${cn}`);
    openssl('x509', '-req', '-in', file(`${name}.csr`), '-CA', file('ca.crt'), '-CAkey', file('ca.key'), '-CAcreateserial', '-out', file(`${name}.crt`), '-days', '2');
  };
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('ca.key'), '-out', file('ca.crt'), '-days', '2', '-subj', '/CN=Chia CA');
  certificate('node', 'chia.net');
  certificate('pool', 'pool client');
  const requests: TlsNode['requests'] = [];
  const server = https.createServer(
    { key: readFileSync(file('node.key')), cert: readFileSync(file('node.crt')), ca: readFileSync(file('ca.crt')), requestCert: true, rejectUnauthorized: true },
    (req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        // Like Chia's Python side, integers stay exact: long ones arrive here as strings.
        const body = JSON.parse((text || '{}').replace(/([:[,]\s*)(-?\d{16,})(?=\s*[,}\]])/g, '$1"$2"')) as Record<string, unknown>;
        const peer = (req.socket as TLSSocket).getPeerCertificate();
        requests.push({ path: req.url ?? '', body, client: String(peer.subject?.CN ?? '') });
        res.setHeader('content-type', 'application/json');
        void Promise.resolve(answer(req.url ?? '', body)).then((reply) => {
          if (!res.destroyed) res.end(typeof reply === 'string' ? reply : JSON.stringify(reply ?? { success: false, error: `${req.url ?? ''}: not found` }));
        });
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    file,
    stranger() {
      openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('other.key'), '-out', file('other.crt'), '-days', '2', '-subj', '/CN=stranger');
      return { cert: file('other.crt'), key: file('other.key') };
    },
    chiaSslFolder(service) {
      const ssl = file(`ssl-${service}`);
      for (const sub of [service, 'ca']) mkdirSync(path.join(ssl, sub), { recursive: true });
      copyFileSync(file('pool.crt'), path.join(ssl, service, `private_${service}.crt`));
      copyFileSync(file('pool.key'), path.join(ssl, service, `private_${service}.key`));
      copyFileSync(file('ca.crt'), path.join(ssl, 'ca/private_ca.crt'));
      return ssl;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
