import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIppClient, IppError } from './ipp-client';
import {
  decodeIppMessage,
  encodeIppMessage,
  firstIppValue,
  httpUrlOfPrinter,
  ippAttribute,
  ippGroupTags,
  ippJobStates,
  ippOperations,
  ippStatus,
  ippUriOfPrinter,
  ippValueTags,
  IppDecodeError,
} from './ipp-codec';
import { startIppStandIn, type IppStandIn } from './ipp-stand-in';
import { createPrinterGateway, standInPathOf } from './printer-gateway';

// The IPP adapter over real HTTP: the client against the stand-in on a free local port (and against a
// port nobody listens on, and a server that never answers), plus the encoding itself.

const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

let standIn: IppStandIn;
beforeAll(async () => {
  standIn = await startIppStandIn();
});
afterAll(() => standIn.close());

const client = createIppClient({ timeoutMs: 2_000 });

describe('the IPP encoding', () => {
  it('round-trips groups, several values, integers, booleans and the document', () => {
    const message = {
      version: { major: 2, minor: 0 },
      code: ippOperations.printJob,
      requestId: 77,
      groups: [
        {
          tag: ippGroupTags.operation,
          attributes: [
            ippAttribute('attributes-charset', ippValueTags.charset, 'utf-8'),
            ippAttribute('job-name', ippValueTags.nameWithoutLanguage, 'Étiquette 100123-01'),
          ],
        },
        {
          tag: ippGroupTags.job,
          attributes: [
            ippAttribute('copies', ippValueTags.integer, 3),
            ippAttribute('job-state', ippValueTags.enum, ippJobStates.completed),
            ippAttribute('keywords', ippValueTags.keyword, 'a', 'b', 'c'),
            ippAttribute('flag', ippValueTags.boolean, true),
            ippAttribute('nothing', ippValueTags.noValue, ''),
          ],
        },
      ],
      data: pdf,
    };
    const decoded = decodeIppMessage(encodeIppMessage(message));
    expect(decoded).toEqual(message);
    expect(firstIppValue(decoded, ippGroupTags.job, 'copies')).toBe(3);
  });

  it('writes the header bytes RFC 8010 fixes', () => {
    const bytes = encodeIppMessage({
      version: { major: 1, minor: 1 },
      code: ippOperations.getPrinterAttributes,
      requestId: 1,
      groups: [],
      data: Buffer.alloc(0),
    });
    expect([...bytes]).toEqual([0x01, 0x01, 0x00, 0x0b, 0x00, 0x00, 0x00, 0x01, 0x03]);
  });

  it('refuses a message cut short', () => {
    const bytes = encodeIppMessage({
      version: { major: 2, minor: 0 },
      code: 2,
      requestId: 5,
      groups: [{ tag: 1, attributes: [ippAttribute('printer-uri', ippValueTags.uri, 'ipp://a/b')] }],
      data: Buffer.alloc(0),
    });
    expect(() => decodeIppMessage(bytes.subarray(0, bytes.length - 6))).toThrow(IppDecodeError);
    expect(() => decodeIppMessage(Buffer.from([2, 0, 0]))).toThrow(IppDecodeError);
  });

  it('maps printer addresses to HTTP and back', () => {
    expect(httpUrlOfPrinter('ipp://print-mel.lab.internal/label')).toBe(
      'http://print-mel.lab.internal:631/label',
    );
    expect(httpUrlOfPrinter('ipps://printer.example/ipp/print')).toBe(
      'https://printer.example:443/ipp/print',
    );
    expect(httpUrlOfPrinter('ipp://10.0.0.5:8631/q')).toBe('http://10.0.0.5:8631/q');
    expect(httpUrlOfPrinter('http://127.0.0.1:9/x')).toBe('http://127.0.0.1:9/x');
    expect(ippUriOfPrinter('http://127.0.0.1:9/x')).toBe('ipp://127.0.0.1:9/x');
    expect(ippUriOfPrinter('https://p.example/x')).toBe('ipps://p.example/x');
    expect(standInPathOf('ipp://print-mel.lab.internal/label')).toBe('printers/print-mel.lab.internal/label');
  });
});

describe('the IPP client against the stand-in', () => {
  it('prints a PDF: the printer answers a job id and keeps the document, job name and user', async () => {
    const printerUri = standIn.printerUri('printers/print-mel.lab.internal/label');
    const result = await client.printJob({
      printerUri,
      document: pdf,
      jobName: 'Case Label 100123-01',
      userName: 'designer',
    });
    expect(result.jobId).toBeGreaterThan(0);
    expect(result.jobState).toBe(ippJobStates.completed);
    const received = standIn.jobs.find((job) => job.jobId === result.jobId);
    expect(received).toMatchObject({
      path: '/printers/print-mel.lab.internal/label',
      printerUri,
      jobName: 'Case Label 100123-01',
      userName: 'designer',
      documentFormat: 'application/pdf',
    });
    expect(received?.document.equals(pdf)).toBe(true);
  });

  it('reads the printer attributes', async () => {
    const state = await client.getPrinterAttributes(standIn.printerUri('printers/lab/label'));
    expect(state).toEqual({
      printerName: 'printers lab label',
      printerState: 3,
      formats: ['application/pdf'],
    });
  });

  it('reports a refusal with the IPP status', async () => {
    standIn.control({ refuseNext: 1 });
    const failure = await client
      .printJob({ printerUri: standIn.printerUri('p'), document: pdf, jobName: 'x', userName: 'u' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(IppError);
    expect((failure as IppError).statusCode).toBe(ippStatus.serverErrorBusy);
    expect((failure as IppError).message).toBe(
      'The printer refused the job (server-error-busy): The stand-in printer is busy',
    );
    // The next one goes through again.
    await expect(
      client.printJob({ printerUri: standIn.printerUri('p'), document: pdf, jobName: 'x', userName: 'u' }),
    ).resolves.toMatchObject({ jobState: ippJobStates.completed });
  });

  it('is refused a document that is not a PDF', async () => {
    const failure = await client
      .printJob({
        printerUri: standIn.printerUri('p'),
        document: Buffer.from('plain text'),
        jobName: 'x',
        userName: 'u',
      })
      .catch((error: unknown) => error);
    expect((failure as IppError).statusCode).toBe(ippStatus.clientErrorDocumentFormatNotSupported);
  });

  it('reports an HTTP failure, a printer nobody answers for, and one that never answers', async () => {
    standIn.control({ failHttpNext: 1 });
    await expect(
      client.printJob({ printerUri: standIn.printerUri('p'), document: pdf, jobName: 'x', userName: 'u' }),
    ).rejects.toThrow(`The printer at ${standIn.url}/p answered HTTP 503`);

    // A port that was free a moment ago: nothing listens there.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(
      client.printJob({
        printerUri: `ipp://127.0.0.1:${port}/x`,
        document: pdf,
        jobName: 'x',
        userName: 'u',
      }),
    ).rejects.toThrow(`The printer at http://127.0.0.1:${port}/x could not be reached (ECONNREFUSED)`);

    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    const impatient = createIppClient({ timeoutMs: 300 });
    await expect(
      impatient.printJob({
        printerUri: `ipp://127.0.0.1:${silentPort}/x`,
        document: pdf,
        jobName: 'x',
        userName: 'u',
      }),
    ).rejects.toThrow(`The printer at http://127.0.0.1:${silentPort}/x did not answer in time`);
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('answers a request without its operation attributes with client-error-bad-request', async () => {
    const response = await fetch(`${standIn.url}/p`, {
      method: 'POST',
      headers: { 'content-type': 'application/ipp' },
      body: new Uint8Array(
        encodeIppMessage({
          version: { major: 2, minor: 0 },
          code: ippOperations.printJob,
          requestId: 9,
          groups: [{ tag: ippGroupTags.operation, attributes: [] }],
          data: pdf,
        }),
      ),
    });
    const answer = decodeIppMessage(Buffer.from(await response.arrayBuffer()));
    expect(answer.code).toBe(ippStatus.clientErrorBadRequest);
    expect(answer.requestId).toBe(9);
    expect(firstIppValue(answer, ippGroupTags.operation, 'status-message')).toBe(
      'attributes-charset must be the first attribute',
    );
  });
});

describe('the printer gateway', () => {
  it('starts its own stand-in on the first job and sends each printer to its own path there', async () => {
    const messages: string[] = [];
    const gateway = createPrinterGateway({
      ippPrinterUrl: undefined,
      timeoutMs: 2_000,
      log: { info: (message) => messages.push(message) },
    });
    expect(gateway.standIn()).toBeNull();
    const sent = await gateway.print('ipp://print-syd.lab.internal/receipt', {
      document: pdf,
      jobName: 'Receipt',
      userName: 'admin',
    });
    const own = gateway.standIn();
    expect(own).not.toBeNull();
    expect(sent.sentTo).toBe(own?.printerUri('printers/print-syd.lab.internal/receipt'));
    expect(own?.jobs.map((job) => job.path)).toEqual(['/printers/print-syd.lab.internal/receipt']);
    expect(messages[0]).toContain('in-process IPP stand-in');
    await gateway.close();
    await expect(gateway.print('ipp://a/b', { document: pdf, jobName: 'x', userName: 'u' })).rejects.toThrow(
      'closed',
    );
  });

  it('sends every printer to IPP_PRINTER_URL when it names one', async () => {
    const target = standIn.printerUri('printers/one-for-all');
    const gateway = createPrinterGateway({ ippPrinterUrl: target, timeoutMs: 2_000 });
    const sent = await gateway.print('ipp://print-akl.lab.internal/label', {
      document: pdf,
      jobName: 'UDI',
      userName: 'u',
    });
    expect(sent.sentTo).toBe(target);
    expect(standIn.jobs.at(-1)?.path).toBe('/printers/one-for-all');
    expect(gateway.standIn()).toBeNull();
    await gateway.close();
  });

  it('sends to the stored address with IPP_PRINTER_URL=direct', async () => {
    const gateway = createPrinterGateway({ ippPrinterUrl: 'direct', timeoutMs: 2_000 });
    const stored = standIn.printerUri('printers/direct');
    await expect(
      gateway.print(stored, { document: pdf, jobName: 'x', userName: 'u' }),
    ).resolves.toMatchObject({
      sentTo: stored,
    });
    await gateway.close();
  });
});
