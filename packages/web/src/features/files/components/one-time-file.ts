import { useEffect, useEffectEvent, useRef, useState } from 'react';

// The file viewer's download. A file_link / attachment address works ONCE, so each load asks for a new
// address and fetches it exactly once, StrictMode's second effect run included: the request is kept in
// a ref and both runs wait on the same promise.

export type FileLoad =
  | { status: 'loading'; progress: number | null }
  | { status: 'loaded'; blob: Blob; objectUrl: string }
  /** `address` is null when no address could be obtained. */
  | { status: 'failed'; address: string | null };

export class FileLoadError extends Error {
  readonly address: string | null;

  constructor(address: string | null, cause: unknown) {
    super(address ? `Failed to fetch ${address}` : 'No file address', { cause });
    this.name = 'FileLoadError';
    this.address = address;
  }
}

/** Reads the body as a stream when its length is known, reporting the fraction read. */
const readBody = async (response: Response, onProgress: (fraction: number) => void): Promise<Blob> => {
  const total = Number(response.headers.get('Content-Length'));
  if (!response.body || !Number.isFinite(total) || total <= 0) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(Math.min(1, received / total));
  }
  return new Blob(chunks);
};

/**
 * Asks for an address, fetches it once and returns the bytes as a Blob of `type` (the viewer decides
 * the type from the name, so an HTML design renders even when the store says octet-stream).
 */
export const fetchOneTimeFile = async (
  loadUrl: () => Promise<string>,
  type: string,
  onProgress: (fraction: number) => void,
): Promise<Blob> => {
  let address: string;
  try {
    address = await loadUrl();
  } catch (error) {
    throw new FileLoadError(null, error);
  }
  try {
    const response = await fetch(address);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = await readBody(response, onProgress);
    return new Blob([body], { type: type || body.type });
  } catch (error) {
    throw new FileLoadError(address, error);
  }
};

type Request = { generation: number; promise: Promise<Blob> };
type Outcome = { generation: number; load: FileLoad };

/**
 * The file as an object URL while the caller is mounted (revoked on unmount). `reload` fetches a new
 * address, e.g. after the file was changed on the server.
 */
export const useOneTimeFile = (
  loadUrl: () => Promise<string>,
  type: string,
): { load: FileLoad; reload: () => void } => {
  const [generation, setGeneration] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [progress, setProgress] = useState<{ generation: number; fraction: number } | null>(null);
  const requestRef = useRef<Request | null>(null);
  // The latest loadUrl and type, without refetching when the caller passes new functions.
  const startRequest = useEffectEvent((forGeneration: number) =>
    fetchOneTimeFile(loadUrl, type, (fraction) => setProgress({ generation: forGeneration, fraction })),
  );

  useEffect(() => {
    let isActive = true;
    let objectUrl: string | null = null;
    if (requestRef.current?.generation !== generation) {
      requestRef.current = { generation, promise: startRequest(generation) };
    }
    requestRef.current.promise.then(
      (blob) => {
        if (!isActive) return;
        objectUrl = URL.createObjectURL(blob);
        setOutcome({ generation, load: { status: 'loaded', blob, objectUrl } });
      },
      (error: unknown) => {
        if (!isActive) return;
        console.error(error);
        const address = error instanceof FileLoadError ? error.address : null;
        setOutcome({ generation, load: { status: 'failed', address } });
      },
    );
    return () => {
      isActive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [generation]);

  const load: FileLoad =
    outcome?.generation === generation
      ? outcome.load
      : { status: 'loading', progress: progress?.generation === generation ? progress.fraction : null };
  return { load, reload: () => setGeneration((value) => value + 1) };
};
