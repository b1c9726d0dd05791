import {
  decodeIppMessage,
  encodeIppMessage,
  firstIppValue,
  httpUrlOfPrinter,
  ippAttribute,
  ippGroupTags,
  ippOperations,
  ippStatus,
  ippUriOfPrinter,
  ippValueTags,
  ippVersion,
  type IppAttribute,
  type IppMessage,
} from './ipp-codec';

// A real IPP client (RFC 8011 operations over RFC 8010 encoding): each operation is one HTTP POST of
// `application/ipp` to the printer (ipp://host/path is http://host:631/path). It speaks to a network
// printer, a CUPS queue or the local stand-in alike. Print-Job sends the PDF with the job's name and the
// requesting user; the answer's job-id and job-state are the printer's record of it.

export type IppPrintJob = {
  /** The printer's address: ipp://, ipps://, http:// or https://. */
  printerUri: string;
  document: Buffer;
  jobName: string;
  userName: string;
};

export type IppPrintResult = { jobId: number; jobState: number | null };

export type IppPrinterState = { printerName: string | null; printerState: number | null; formats: string[] };

export class IppError extends Error {
  /** The IPP status-code of a refusal; null when the exchange itself failed. */
  readonly statusCode: number | null;
  constructor(message: string, statusCode: number | null = null) {
    super(message);
    this.name = 'IppError';
    this.statusCode = statusCode;
  }
}

export type IppClient = {
  printJob: (job: IppPrintJob) => Promise<IppPrintResult>;
  getPrinterAttributes: (printerUri: string) => Promise<IppPrinterState>;
};

const statusNames: Record<number, string> = {
  [ippStatus.clientErrorBadRequest]: 'client-error-bad-request',
  [ippStatus.clientErrorNotFound]: 'client-error-not-found',
  [ippStatus.clientErrorDocumentFormatNotSupported]: 'client-error-document-format-not-supported',
  [ippStatus.serverErrorInternalError]: 'server-error-internal-error',
  [ippStatus.serverErrorOperationNotSupported]: 'server-error-operation-not-supported',
  [ippStatus.serverErrorVersionNotSupported]: 'server-error-version-not-supported',
  [ippStatus.serverErrorBusy]: 'server-error-busy',
};

export const ippStatusName = (code: number): string =>
  statusNames[code] ?? `status 0x${code.toString(16).padStart(4, '0')}`;

/** What the failed exchange was, in words an admin can act on (no stack, no bytes). */
const describeFailure = (error: unknown, url: string): string => {
  if (error instanceof IppError) return error.message;
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return `The printer at ${url} did not answer in time`;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = typeof cause?.code === 'string' ? ` (${cause.code})` : '';
  return `The printer at ${url} could not be reached${code}`;
};

export const createIppClient = (options: { timeoutMs: number; fetch?: typeof fetch }): IppClient => {
  const send = options.fetch ?? fetch;
  let nextRequestId = 1;

  const exchange = async (
    printerUri: string,
    operation: number,
    attributes: IppAttribute[],
    data: Buffer = Buffer.alloc(0),
  ): Promise<IppMessage> => {
    const url = httpUrlOfPrinter(printerUri);
    const requestId = nextRequestId++;
    const operationAttributes = [
      // RFC 8011 §4.1.4: charset first, natural language second, then the target.
      ippAttribute('attributes-charset', ippValueTags.charset, 'utf-8'),
      ippAttribute('attributes-natural-language', ippValueTags.naturalLanguage, 'en'),
      ippAttribute('printer-uri', ippValueTags.uri, ippUriOfPrinter(printerUri)),
      ...attributes,
    ];
    const body = encodeIppMessage({
      version: ippVersion,
      code: operation,
      requestId,
      groups: [{ tag: ippGroupTags.operation, attributes: operationAttributes }],
      data,
    });
    try {
      const response = await send(url, {
        method: 'POST',
        headers: { 'content-type': 'application/ipp', accept: 'application/ipp' },
        body: new Uint8Array(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const answer = Buffer.from(await response.arrayBuffer());
      if (!response.ok) throw new IppError(`The printer at ${url} answered HTTP ${response.status}`);
      if (!/^application\/ipp\b/i.test(response.headers.get('content-type') ?? '')) {
        throw new IppError(`The printer at ${url} did not answer in IPP`);
      }
      const message = decodeIppMessage(answer);
      if (message.requestId !== requestId)
        throw new IppError(`The printer at ${url} answered another request`);
      // 0x0000–0x00ff are the successful statuses (RFC 8011 §B.1.2).
      if (message.code > 0x00ff) {
        const said = firstIppValue(message, ippGroupTags.operation, 'status-message');
        const detail = typeof said === 'string' && said !== '' ? `: ${said}` : '';
        throw new IppError(
          `The printer refused the job (${ippStatusName(message.code)})${detail}`,
          message.code,
        );
      }
      return message;
    } catch (error) {
      if (error instanceof IppError) throw error;
      throw new IppError(describeFailure(error, url));
    }
  };

  return {
    printJob: async (job) => {
      const answer = await exchange(
        job.printerUri,
        ippOperations.printJob,
        [
          ippAttribute('requesting-user-name', ippValueTags.nameWithoutLanguage, job.userName),
          ippAttribute('job-name', ippValueTags.nameWithoutLanguage, job.jobName),
          ippAttribute('document-format', ippValueTags.mimeMediaType, 'application/pdf'),
        ],
        job.document,
      );
      const jobId = firstIppValue(answer, ippGroupTags.job, 'job-id');
      if (typeof jobId !== 'number') throw new IppError('The printer took the job but named no job-id');
      const state = firstIppValue(answer, ippGroupTags.job, 'job-state');
      return { jobId, jobState: typeof state === 'number' ? state : null };
    },
    getPrinterAttributes: async (printerUri) => {
      const answer = await exchange(printerUri, ippOperations.getPrinterAttributes, [
        ippAttribute(
          'requested-attributes',
          ippValueTags.keyword,
          'printer-name',
          'printer-state',
          'document-format-supported',
        ),
      ]);
      const name = firstIppValue(answer, ippGroupTags.printer, 'printer-name');
      const state = firstIppValue(answer, ippGroupTags.printer, 'printer-state');
      const formats = answer.groups
        .find((group) => group.tag === ippGroupTags.printer)
        ?.attributes.find((a) => a.name === 'document-format-supported')
        ?.values.map((v) => String(v.value));
      return {
        printerName: typeof name === 'string' ? name : null,
        printerState: typeof state === 'number' ? state : null,
        formats: formats ?? [],
      };
    },
  };
};
