// From a resolved context to a connection: the cluster's TLS settings and the user's credentials, as client-go
// builds its transport from a kubeconfig (tools/clientcmd client_config.go `ClientConfig`: token or token file,
// basic auth, client certificate and key as data or files, the CA as data or a file, insecure-skip-tls-verify,
// tls-server-name, proxy-url, impersonation; an exec plugin's token or certificate). Files are read bounded.
import { readRegularFile } from '../files';
import { execCredential } from './exec';
import { proxyFromEnvironment, type Connection } from './http';
import { LiveReadError, type ResolvedContext } from './kubeconfig';

const MAX_CREDENTIAL_FILE_BYTES = 1_000_000;

export interface CredentialOptions {
  interactive: boolean;
  execTimeoutMs: number;
  env?: NodeJS.ProcessEnv;
}

export async function connectionFor(resolved: ResolvedContext, options: CredentialOptions): Promise<Connection> {
  const { cluster, user } = resolved;
  let server: URL;
  try {
    server = new URL(cluster.server);
  } catch {
    throw new LiveReadError(`the cluster "${cluster.name}" has the server "${cluster.server}", which is not a URL`);
  }
  if (server.protocol !== 'https:' && server.protocol !== 'http:') {
    throw new LiveReadError(`the cluster "${cluster.name}" has the server ${cluster.server}: only https:// and http:// servers can be read`);
  }
  // client-go refuses a CA together with insecure-skip-tls-verify (rest.Config validation in transport).
  if (cluster.insecureSkipTlsVerify && (cluster.certificateAuthority || cluster.certificateAuthorityData)) {
    throw new LiveReadError(`the cluster "${cluster.name}" sets both insecure-skip-tls-verify and a certificate authority; kubectl refuses that too (specifying a root certificates file with the insecure flag is not allowed)`);
  }
  const connection: Connection = { server, clusterName: cluster.name, userName: user.name, insecure: cluster.insecureSkipTlsVerify, servername: cluster.tlsServerName, headers: {} };
  connection.ca = cluster.certificateAuthorityData
    ? decode(cluster.certificateAuthorityData, `certificate-authority-data of the cluster "${cluster.name}"`)
    : cluster.certificateAuthority ? readCredentialFile(cluster.certificateAuthority, `certificate-authority of the cluster "${cluster.name}"`) : undefined;
  if (cluster.proxyUrl) {
    try {
      connection.proxy = new URL(cluster.proxyUrl);
    } catch {
      throw new LiveReadError(`the cluster "${cluster.name}" has the proxy-url "${cluster.proxyUrl}", which is not a URL`);
    }
  } else connection.proxy = proxyFromEnvironment(server, options.env ?? process.env);

  const who = `the user "${user.name}"`;
  connection.cert = user.clientCertificateData
    ? decode(user.clientCertificateData, `client-certificate-data of ${who}`)
    : user.clientCertificate ? readCredentialFile(user.clientCertificate, `client-certificate of ${who}`) : undefined;
  connection.key = user.clientKeyData
    ? decode(user.clientKeyData, `client-key-data of ${who}`)
    : user.clientKey ? readCredentialFile(user.clientKey, `client-key of ${who}`) : undefined;
  if (!connection.cert !== !connection.key) throw new LiveReadError(`${who} has a client certificate without its key, or a key without its certificate`);

  // A token file is read at each use and wins over `token` (client-go transport: BearerTokenFile).
  const token = user.tokenFile ? String(readCredentialFile(user.tokenFile, `tokenFile of ${who}`)).trim() : user.token;
  if (token && user.username) throw new LiveReadError(`${who} has both a token and a username and password: kubectl refuses more than one authentication method`);
  if (token) connection.headers.Authorization = `Bearer ${token}`;
  else if (user.username) connection.headers.Authorization = `Basic ${Buffer.from(`${user.username}:${user.password ?? ''}`).toString('base64')}`;
  else if (user.exec) {
    const credential = await execCredential(user.name, user.exec, cluster, { interactive: options.interactive, timeoutMs: options.execTimeoutMs, env: options.env });
    if (credential.token) connection.headers.Authorization = `Bearer ${credential.token}`;
    if (credential.clientCertificateData && credential.clientKeyData) {
      connection.cert = credential.clientCertificateData;
      connection.key = credential.clientKeyData;
    }
  } else if (user.authProvider && !connection.cert) {
    throw new LiveReadError(`${who} logs in through the auth-provider "${user.authProvider}", which KubeAssist does not run: use an exec credential plugin (kubelogin, gke-gcloud-auth-plugin, aws eks get-token ...) as current kubectl does`);
  }
  if (user.as) connection.headers['Impersonate-User'] = user.as;
  if (user.asGroups.length > 0) connection.headers['Impersonate-Group'] = user.asGroups;
  if (user.asUid) connection.headers['Impersonate-Uid'] = user.asUid;
  return connection;
}

function decode(data: string, what: string): Buffer {
  const buffer = Buffer.from(data, 'base64');
  if (buffer.length === 0) throw new LiveReadError(`${what} is not base64`);
  return buffer;
}

function readCredentialFile(path: string, what: string): Buffer {
  const read = readRegularFile(path, MAX_CREDENTIAL_FILE_BYTES);
  if (read === undefined) throw new LiveReadError(`the ${what} is ${path}, which does not exist or cannot be read`);
  if (read.skipped !== undefined) throw new LiveReadError(`the ${what} is ${path}, which was not read: ${read.skipped}`);
  return Buffer.from(read.text, 'utf8');
}
