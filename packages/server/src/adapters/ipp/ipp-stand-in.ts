import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  decodeIppMessage,
  encodeIppMessage,
  firstIppValue,
  ippAttribute,
  ippGroupTags,
  ippJobStates,
  ippOperations,
  ippStatus,
  ippValueTags,
  type IppAttribute,
  type IppGroup,
  type IppMessage,
} from './ipp-codec';

// A local stand-in for the lab's network printers: a small HTTP server of its own (not our app) speaking
// the printer's side of IPP — Print-Job, Get-Job-Attributes, Get-Printer-Attributes — so development and
// tests exercise the real client over real HTTP. Every path is a printer (the gateway maps a seeded
// `ipp://print-mel.lab.internal/label` to `/printers/print-mel.lab.internal/label` here). It checks what a
// printer checks (version, the operation attributes in order, a PDF document), keeps the newest jobs in
// memory, and can be told to refuse the next N jobs (IPP server-error-busy) or answer HTTP 503.

export type ReceivedPrintJob = {
  jobId: number;
  /** The HTTP path the job was posted to: which printer. */
  path: string;
  printerUri: string;
  jobName: string;
  userName: string;
  documentFormat: string;
  document: Buffer;
  receivedAt: Date;
};

export type IppStandInControl = {
  /** The next N Print-Job requests answer IPP server-error-busy. */
  refuseNext?: number;
  /** The next N requests of any kind answer HTTP 503 without IPP. */
  failHttpNext?: number;
};

export type IppStandIn = {
  /** http://127.0.0.1:port */
  readonly url: string;
  /** The stand-in's address of one printer path, in ipp:// form. */
  printerUri: (path: string) => string;
  /** Jobs received, oldest first (the newest 200). */
  readonly jobs: readonly ReceivedPrintJob[];
  control: (settings: IppStandInControl) => void;
  close: () => Promise<void>;
};

const maxKeptJobs = 200;
const maxBodyBytes = 32 * 1024 * 1024;

const readBody = (request: IncomingMessage): Promise<Buffer | null> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        resolve(null);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

const operationGroup = (extra: IppAttribute[] = []): IppGroup => ({
  tag: ippGroupTags.operation,
  attributes: [
    ippAttribute('attributes-charset', ippValueTags.charset, 'utf-8'),
    ippAttribute('attributes-natural-language', ippValueTags.naturalLanguage, 'en'),
    ...extra,
  ],
});

const answerOf = (
  request: Pick<IppMessage, 'requestId'>,
  code: number,
  groups: IppGroup[],
  message?: string,
) =>
  encodeIppMessage({
    version: { major: 2, minor: 0 },
    code,
    requestId: request.requestId,
    groups: [
      operationGroup(
        message ? [ippAttribute('status-message', ippValueTags.textWithoutLanguage, message)] : [],
      ),
      ...groups,
    ],
    data: Buffer.alloc(0),
  });

/** The operation attributes a printer requires, in the order RFC 8011 §4.1.4 fixes; null when right. */
const findRequestFault = (message: IppMessage): string | null => {
  const operation = message.groups[0];
  if (operation?.tag !== ippGroupTags.operation) return 'the operation attributes must come first';
  const [charset, language] = operation.attributes;
  if (charset?.name !== 'attributes-charset') return 'attributes-charset must be the first attribute';
  if (language?.name !== 'attributes-natural-language')
    return 'attributes-natural-language must be the second attribute';
  const printerUri = firstIppValue(message, ippGroupTags.operation, 'printer-uri');
  if (typeof printerUri !== 'string' || printerUri === '') return 'printer-uri is missing';
  return null;
};

export const startIppStandIn = async (
  options: { host?: string; port?: number } & IppStandInControl = {},
): Promise<IppStandIn> => {
  const jobs: ReceivedPrintJob[] = [];
  const settings = { refuseNext: options.refuseNext ?? 0, failHttpNext: options.failHttpNext ?? 0 };
  let nextJobId = 1;
  let url = '';

  const jobAttributes = (job: ReceivedPrintJob): IppGroup => ({
    tag: ippGroupTags.job,
    attributes: [
      ippAttribute('job-id', ippValueTags.integer, job.jobId),
      ippAttribute('job-uri', ippValueTags.uri, `${job.printerUri.replace(/\/$/, '')}/jobs/${job.jobId}`),
      ippAttribute('job-state', ippValueTags.enum, ippJobStates.completed),
      ippAttribute('job-state-reasons', ippValueTags.keyword, 'job-completed-successfully'),
      ippAttribute('job-name', ippValueTags.nameWithoutLanguage, job.jobName),
    ],
  });

  const printJob = (message: IppMessage, path: string): Buffer => {
    if (settings.refuseNext > 0) {
      settings.refuseNext -= 1;
      return answerOf(message, ippStatus.serverErrorBusy, [], 'The stand-in printer is busy');
    }
    const format =
      firstIppValue(message, ippGroupTags.operation, 'document-format') ?? 'application/octet-stream';
    const isPdf = message.data.subarray(0, 5).toString('latin1') === '%PDF-';
    if (!['application/pdf', 'application/octet-stream'].includes(String(format)) || !isPdf) {
      return answerOf(
        message,
        ippStatus.clientErrorDocumentFormatNotSupported,
        [],
        'Only PDF documents print here',
      );
    }
    const job: ReceivedPrintJob = {
      jobId: nextJobId++,
      path,
      printerUri: String(firstIppValue(message, ippGroupTags.operation, 'printer-uri')),
      jobName: String(firstIppValue(message, ippGroupTags.operation, 'job-name') ?? ''),
      userName: String(firstIppValue(message, ippGroupTags.operation, 'requesting-user-name') ?? ''),
      documentFormat: String(format),
      document: Buffer.from(message.data),
      receivedAt: new Date(),
    };
    jobs.push(job);
    if (jobs.length > maxKeptJobs) jobs.shift();
    return answerOf(message, ippStatus.successfulOk, [jobAttributes(job)]);
  };

  const printerAttributes = (message: IppMessage, path: string): Buffer =>
    answerOf(message, ippStatus.successfulOk, [
      {
        tag: ippGroupTags.printer,
        attributes: [
          ippAttribute(
            'printer-name',
            ippValueTags.nameWithoutLanguage,
            path.split('/').filter(Boolean).join(' '),
          ),
          ippAttribute('printer-state', ippValueTags.enum, 3),
          ippAttribute('printer-is-accepting-jobs', ippValueTags.boolean, true),
          ippAttribute('document-format-supported', ippValueTags.mimeMediaType, 'application/pdf'),
          ippAttribute(
            'operations-supported',
            ippValueTags.enum,
            ippOperations.printJob,
            ippOperations.getJobAttributes,
            ippOperations.getPrinterAttributes,
          ),
        ],
      },
    ]);

  const jobState = (message: IppMessage): Buffer => {
    const id = firstIppValue(message, ippGroupTags.operation, 'job-id');
    const job = jobs.find((j) => j.jobId === id);
    return job
      ? answerOf(message, ippStatus.successfulOk, [jobAttributes(job)])
      : answerOf(message, ippStatus.clientErrorNotFound, [], 'No such job');
  };

  const answerIpp = (message: IppMessage, path: string): Buffer => {
    if (message.version.major !== 1 && message.version.major !== 2) {
      return answerOf(message, ippStatus.serverErrorVersionNotSupported, []);
    }
    const fault = findRequestFault(message);
    if (fault) return answerOf(message, ippStatus.clientErrorBadRequest, [], fault);
    switch (message.code) {
      case ippOperations.printJob:
        return printJob(message, path);
      case ippOperations.getPrinterAttributes:
        return printerAttributes(message, path);
      case ippOperations.getJobAttributes:
        return jobState(message);
      default:
        return answerOf(message, ippStatus.serverErrorOperationNotSupported, []);
    }
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (settings.failHttpNext > 0) {
      settings.failHttpNext -= 1;
      response.writeHead(503).end('busy');
      return;
    }
    if (request.method !== 'POST') {
      response.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    if (!/^application\/ipp\b/i.test(request.headers['content-type'] ?? '')) {
      response.writeHead(415).end();
      return;
    }
    const body = await readBody(request);
    if (!body) {
      response.writeHead(413).end();
      return;
    }
    let message: IppMessage;
    try {
      message = decodeIppMessage(body);
    } catch {
      response.writeHead(400).end();
      return;
    }
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    response.writeHead(200, { 'content-type': 'application/ipp' }).end(answerIpp(message, path));
  };

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  url = `http://${address.address}:${address.port}`;

  return {
    url,
    printerUri: (path) => `ipp://${address.address}:${address.port}/${path.replace(/^\//, '')}`,
    jobs,
    control: (next) => {
      if (next.refuseNext !== undefined) settings.refuseNext = next.refuseNext;
      if (next.failHttpNext !== undefined) settings.failHttpNext = next.failHttpNext;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
