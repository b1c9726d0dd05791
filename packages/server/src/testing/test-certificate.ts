import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';

export type TestCertificate = {
  certFile: string;
  keyFile: string;
  cert: string;
  remove: () => Promise<void>;
};

/** A self-signed certificate for the given host names, written as PEM files to a temporary folder. */
export const makeTestCertificate = async (hostNames: string[]): Promise<TestCertificate> => {
  const pems = await generate([{ name: 'commonName', value: hostNames[0] ?? 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: hostNames.map((value) => ({ type: 2, value })) }],
  });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lab-test-tls-'));
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  await writeFile(certFile, pems.cert);
  await writeFile(keyFile, pems.private);
  return { certFile, keyFile, cert: pems.cert, remove: () => rm(dir, { recursive: true, force: true }) };
};
