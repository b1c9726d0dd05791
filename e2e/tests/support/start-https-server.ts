import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';

// The HTTPS project's server: a certificate made here for the lab host name, then the real server with
// TLS_CERT_FILE/TLS_KEY_FILE (the default configuration otherwise). Playwright stops it with SIGTERM,
// which is passed on so the server drains and closes its embedded database.

const hostName = process.env.E2E_LAB_HOST ?? 'labserver.test';
const dir = mkdtempSync(path.join(os.tmpdir(), 'lab-e2e-tls-'));
const pems = await generate([{ name: 'commonName', value: hostName }], {
  keyType: 'ec',
  algorithm: 'sha256',
  extensions: [
    {
      name: 'subjectAltName',
      altNames: [
        { type: 2, value: hostName },
        { type: 7, ip: '127.0.0.1' },
      ],
    },
  ],
});
const certFile = path.join(dir, 'cert.pem');
const keyFile = path.join(dir, 'key.pem');
writeFileSync(certFile, pems.cert);
writeFileSync(keyFile, pems.private);

const server = spawn(process.execPath, ['--import', 'tsx', '../packages/server/src/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile },
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 1));
