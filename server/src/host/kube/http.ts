// One GET to the API server, bounded: a time limit for the whole answer, a size limit on its body (counted after
// decompression), JSON or a sentence saying why not. Only GET is ever sent: this module has no other method.
// TLS as the kubeconfig sets it (the cluster's CA, or insecure-skip-tls-verify; tls-server-name), the user's
// credentials as headers or a client certificate, impersonation headers, and a proxy (`proxy-url`, else
// HTTPS_PROXY / NO_PROXY as Go's http.ProxyFromEnvironment reads them: never for localhost) through HTTP CONNECT.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest, type RequestOptions } from 'node:https';
import { connect as tlsConnect } from 'node:tls';
import { createGunzip } from 'node:zlib';
import type { Socket } from 'node:net';

export interface Connection {
  server: URL;
  /** The cluster's name in the kubeconfig, for the sentences. */
  clusterName: string;
  userName: string;
  ca?: string | Buffer;
  cert?: string | Buffer;
  key?: string | Buffer;
  insecure: boolean;
  servername?: string;
  headers: Record<string, string | string[]>;
  proxy?: URL;
}

export interface GetLimits {
  timeoutMs: number;
  maxBytes: number;
}

/** The answer: a JSON body (2xx), or why there is none, in words, with the HTTP status when there was one. */
export type GetResult = { body: unknown; failure?: undefined } | { body?: undefined; failure: string; status?: number };

const REASONS: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 406: 'Not Acceptable',
  410: 'Gone', 429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
};

/** GET `path` (with its query) of the connection's server. Never throws. */
export async function getJson(connection: Connection, path: string, limits: GetLimits): Promise<GetResult> {
  const url = new URL(path, connection.server);
  // The server URL may carry a path prefix (a cluster behind a proxy: https://host/k8s/clusters/c-1).
  const prefix = connection.server.pathname.replace(/\/+$/, '');
  const fullPath = `${prefix}${path}`;
  const secure = url.protocol === 'https:';
  const origin = connection.server.origin;
  const deadline = Date.now() + limits.timeoutMs;
  const timeoutSentence = `no answer from ${origin} within ${seconds(limits.timeoutMs)}`;
  let tunnel: Socket | undefined;
  try {
    if (connection.proxy) tunnel = await withTimeout(openTunnel(connection.proxy, url), limits.timeoutMs, timeoutSentence);
  } catch (error) {
    return { failure: error instanceof TimeoutFailure ? error.message : `cannot reach ${origin} through the proxy ${connection.proxy?.origin}: ${describeError(error)}` };
  }
  return new Promise<GetResult>((done) => {
    let settled = false;
    const finish = (result: GetResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      done(result);
    };
    const options: RequestOptions = {
      method: 'GET',
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || (secure ? 443 : 80),
      path: fullPath,
      headers: { Accept: 'application/json', 'Accept-Encoding': 'gzip', 'User-Agent': 'kubeassist (read-only)', ...connection.headers },
      agent: false,
    };
    if (secure) {
      Object.assign(options, {
        ca: connection.ca, cert: connection.cert, key: connection.key, rejectUnauthorized: !connection.insecure,
        servername: connection.servername ?? (isIp(url.hostname) ? undefined : url.hostname),
      });
      if (tunnel) {
        const socket = tunnel;
        Object.assign(options, { createConnection: () => tlsConnect({ socket, ca: connection.ca, cert: connection.cert, key: connection.key, rejectUnauthorized: !connection.insecure, servername: options.servername as string | undefined }) });
      }
    } else if (tunnel) {
      const socket = tunnel;
      Object.assign(options, { createConnection: () => socket });
    }
    let req: ReturnType<typeof httpsRequest>;
    try {
      req = (secure ? httpsRequest : httpRequest)(options);
    } catch (error) {
      done({ failure: tlsSetupFailure(connection, error) });
      return;
    }
    const timer = setTimeout(() => finish({ failure: timeoutSentence }), Math.max(0, deadline - Date.now()));
    req.on('error', (error) => finish({ failure: connectionFailure(connection, error) }));
    req.on('response', (res) => {
      readBody(res, limits.maxBytes).then((body) => {
        if (body === 'too large') {
          finish({ failure: `the answer was larger than ${bytes(limits.maxBytes)}: not read`, status: res.statusCode });
          return;
        }
        const status = res.statusCode ?? 0;
        const text = body.toString('utf8');
        if (status >= 200 && status < 300) {
          try {
            finish({ body: JSON.parse(text) });
          } catch {
            finish({ failure: `the answer (${status}) is not valid JSON`, status });
          }
          return;
        }
        finish({ failure: httpFailure(status, res.statusMessage, text), status });
      }, (error: unknown) => finish({ failure: `the answer was cut off: ${describeError(error)}` }));
    });
    req.end();
  });
}

/** `403 Forbidden: <the Status's message>`: the API server explains its refusals in a Status object. */
function httpFailure(status: number, statusMessage: string | undefined, text: string): string {
  const reason = REASONS[status] ?? statusMessage ?? '';
  let message = '';
  try {
    const parsed = JSON.parse(text) as { kind?: unknown; message?: unknown };
    if (typeof parsed.message === 'string') message = parsed.message;
  } catch {
    message = text.trim().split('\n')[0] ?? '';
  }
  if (message.length > 500) message = `${message.slice(0, 500)}…`;
  return `${status}${reason ? ` ${reason}` : ''}${message ? `: ${message}` : ''}`;
}

function readBody(res: IncomingMessage, maxBytes: number): Promise<Buffer | 'too large'> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const done = (value: Buffer | 'too large') => { if (!settled) { settled = true; resolve(value); } };
    const fail = (error: Error) => { if (!settled) { settled = true; reject(error); } };
    const declared = Number(res.headers['content-length']);
    if (!Number.isNaN(declared) && declared > maxBytes && res.headers['content-encoding'] !== 'gzip') {
      done('too large');
      res.destroy();
      return;
    }
    const stream = res.headers['content-encoding'] === 'gzip' ? res.pipe(createGunzip()) : res;
    const chunks: Buffer[] = [];
    let total = 0;
    stream.on('data', (chunk: Buffer) => {
      if (settled) return;
      total += chunk.length;
      if (total > maxBytes) {
        done('too large');
        res.destroy();
        if (stream !== res) stream.destroy();
        return;
      }
      chunks.push(chunk);
    });
    stream.on('end', () => done(Buffer.concat(chunks, total)));
    stream.on('error', fail);
    res.on('aborted', () => fail(new Error('the connection closed early')));
  });
}

const TLS_WORDS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'it is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'it is signed by an authority the kubeconfig does not name',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'it is signed by an authority the kubeconfig does not name',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'it is signed by an authority the kubeconfig does not name',
  UNABLE_TO_GET_ISSUER_CERT: 'it is signed by an authority the kubeconfig does not name',
  CERT_HAS_EXPIRED: 'it has expired',
  CERT_NOT_YET_VALID: 'it is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'it was not issued for this host name (tls-server-name can name the one it was issued for)',
};

function connectionFailure(connection: Connection, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const origin = connection.server.origin;
  if (TLS_WORDS[code]) {
    return `the certificate of ${origin} is not trusted: ${TLS_WORDS[code]}; set certificate-authority or certificate-authority-data of the cluster "${connection.clusterName}" in the kubeconfig`;
  }
  if (code === 'ECONNREFUSED') return `cannot connect to ${origin}: connection refused`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `cannot connect to ${origin}: the host name ${connection.server.hostname} was not found`;
  if (code === 'ECONNRESET' || code === 'EPIPE') return `${origin} closed the connection (${code}): a client certificate it does not accept, or not a Kubernetes API server?`;
  if (code === 'EPROTO' || code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS')) return `TLS with ${origin} failed: ${describeError(error)}`;
  return `cannot connect to ${origin}: ${describeError(error)}`;
}

function tlsSetupFailure(connection: Connection, error: unknown): string {
  return `the client certificate or key of the user "${connection.userName}" cannot be used: ${describeError(error)}`;
}

/** A socket to `target` through an HTTP proxy's CONNECT. */
function openTunnel(proxy: URL, target: URL): Promise<Socket> {
  return new Promise((done, fail) => {
    if (proxy.protocol !== 'http:' && proxy.protocol !== 'https:') {
      fail(new Error(`only http:// and https:// proxies are supported, not ${proxy.protocol}//`));
      return;
    }
    const port = target.port || (target.protocol === 'https:' ? '443' : '80');
    const authority = `${target.hostname}:${port}`;
    const headers: Record<string, string> = { Host: authority };
    if (proxy.username) headers['Proxy-Authorization'] = `Basic ${Buffer.from(`${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`).toString('base64')}`;
    const req = (proxy.protocol === 'https:' ? httpsRequest : httpRequest)({
      host: proxy.hostname.replace(/^\[|\]$/g, ''), port: proxy.port || (proxy.protocol === 'https:' ? 443 : 80), method: 'CONNECT', path: authority, headers, agent: false,
    });
    req.on('connect', (res, socket) => {
      if (res.statusCode === 200) done(socket);
      else {
        socket.destroy();
        fail(new Error(`the proxy answered ${res.statusCode} ${res.statusMessage ?? ''}`.trim()));
      }
    });
    req.on('error', fail);
    req.end();
  });
}

/** The proxy Go's http.ProxyFromEnvironment would use for `server`, when the kubeconfig names none. */
export function proxyFromEnvironment(server: URL, env: NodeJS.ProcessEnv): URL | undefined {
  const host = server.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1') return undefined;
  const value = server.protocol === 'https:' ? env.HTTPS_PROXY ?? env.https_proxy : env.HTTP_PROXY ?? env.http_proxy;
  if (!value) return undefined;
  const noProxy = (env.NO_PROXY ?? env.no_proxy ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  for (const entry of noProxy) {
    if (entry === '*') return undefined;
    const name = entry.replace(/:\d+$/, '');
    const bare = name.replace(/^\*?\./, '');
    if (host === bare || host.endsWith(`.${bare}`)) return undefined;
  }
  try {
    return new URL(value.includes('://') ? value : `http://${value}`);
  } catch {
    return undefined;
  }
}

class TimeoutFailure extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number, sentence: string): Promise<T> {
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new TimeoutFailure(sentence)), ms);
    promise.then((v) => { clearTimeout(timer); done(v); }, (e: unknown) => { clearTimeout(timer); fail(e); });
  });
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0];
}

function isIp(host: string): boolean {
  return /^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[');
}

export function seconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

/** 50000000 -> "50 MB". */
export function bytes(n: number): string {
  if (n >= 1_000_000 && n % 100_000 === 0) return `${n / 1_000_000} MB`;
  if (n >= 1000 && n % 100 === 0) return `${n / 1000} kB`;
  return `${n} bytes`;
}
