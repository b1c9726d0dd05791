import { createIppClient, type IppClient, type IppPrintJob, type IppPrintResult } from './ipp-client';
import { startIppStandIn, type IppStandIn } from './ipp-stand-in';

// Where a printer's job actually goes (IPP_PRINTER_URL, see config.ts). A printer record keeps the
// address it has on the lab network; a fresh machine has no such network (the seeded addresses name
// `*.lab.internal` hosts), so by default every job goes to an IPP stand-in inside this process, started
// on first use. `direct` sends to each printer's own address; a URL sends every job to that one printer or
// print server (a CUPS queue while trying things out). The client is the same real IPP client each way.

export type PrinterRoute = { kind: 'stand-in' } | { kind: 'direct' } | { kind: 'fixed'; url: string };

export const printerRouteOf = (ippPrinterUrl: string | undefined): PrinterRoute => {
  if (!ippPrinterUrl) return { kind: 'stand-in' };
  return ippPrinterUrl === 'direct' ? { kind: 'direct' } : { kind: 'fixed', url: ippPrinterUrl };
};

export type PrinterGateway = {
  readonly route: PrinterRoute;
  /** Sends the PDF to the printer whose stored address is `destination`; answers where it went too. */
  print: (
    destination: string,
    job: Omit<IppPrintJob, 'printerUri'>,
  ) => Promise<IppPrintResult & { sentTo: string }>;
  /** The in-process stand-in, once the first job started it (stand-in route only). */
  standIn: () => IppStandIn | null;
  close: () => Promise<void>;
};

/** The stand-in's path for a stored address: one stand-in plays every printer, each at its own path. */
export const standInPathOf = (destination: string): string => {
  const url = new URL(destination);
  return `printers/${url.hostname}${url.pathname === '/' ? '' : url.pathname}`;
};

export const createPrinterGateway = (options: {
  ippPrinterUrl: string | undefined;
  timeoutMs: number;
  log?: { info: (message: string) => void };
  client?: IppClient;
}): PrinterGateway => {
  const route = printerRouteOf(options.ippPrinterUrl);
  const client = options.client ?? createIppClient({ timeoutMs: options.timeoutMs });
  let standIn: IppStandIn | null = null;
  let starting: Promise<IppStandIn> | null = null;
  let isClosed = false;

  const startedStandIn = (): Promise<IppStandIn> => {
    starting ??= startIppStandIn().then((started) => {
      standIn = started;
      options.log?.info(
        `No IPP_PRINTER_URL: printers print to the in-process IPP stand-in at ${started.url}/printers/…`,
      );
      return started;
    });
    return starting;
  };

  const addressFor = async (destination: string): Promise<string> => {
    if (route.kind === 'direct') return destination;
    if (route.kind === 'fixed') return route.url;
    return (await startedStandIn()).printerUri(standInPathOf(destination));
  };

  return {
    route,
    print: async (destination, job) => {
      if (isClosed) throw new Error('the printer gateway is closed');
      const sentTo = await addressFor(destination);
      return { ...(await client.printJob({ ...job, printerUri: sentTo })), sentTo };
    },
    standIn: () => standIn,
    close: async () => {
      isClosed = true;
      if (starting) await (await starting).close();
    },
  };
};
