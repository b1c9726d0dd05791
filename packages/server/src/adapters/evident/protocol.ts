import { z } from 'zod';
import { checkSignedBody, signBody, type SignatureCheck } from '../../auth/signed-body';

// The wire contract between the lab and the EVIDENT design service, shared by our client, our webhook
// route and the local simulator, so the three cannot drift apart. Calls to the partner carry
// `Authorization: Bearer <api key>`; calls from the partner (webhooks) are signed with a shared secret
// over the timestamp and the raw body: `x-evident-signature: sha256=<hex HMAC-SHA256(secret,
// "<timestamp>.<body>")>`, `x-evident-timestamp: <unix seconds>`.

export const evidentPaths = {
  orders: '/api/orders',
  order: (reference: string) => `/api/orders/${encodeURIComponent(reference)}`,
  redo: (reference: string) => `/api/orders/${encodeURIComponent(reference)}/redo`,
  file: (reference: string, name: string) =>
    `/api/orders/${encodeURIComponent(reference)}/files/${encodeURIComponent(name)}`,
  /** Our side: where the partner posts its status events. */
  webhook: '/api/v2/partners/evident/webhook/',
} as const;

export const evidentHeaders = {
  signature: 'x-evident-signature',
  timestamp: 'x-evident-timestamp',
  /** The same key on a repeated send answers the order already made (a retry after a lost answer). */
  idempotencyKey: 'idempotency-key',
} as const;

/** The multipart parts of an order: the JSON order and the scan file. */
export const orderParts = { order: 'order', scan: 'scan' } as const;

/** What the partner reports; a real partner may add statuses, so the wire type stays a string. */
export const evidentStatuses = {
  received: 'RECEIVED',
  inProgress: 'IN_PROGRESS',
  completed: 'COMPLETED',
} as const;

export const evidentOrderSchema = z.object({
  // Our request id, so the partner's people can name our request.
  client_reference: z.string().min(1).max(100),
  design_types: z.array(z.number().int()).min(1),
  // The partner's product codes of the design types (case-workspace §9), each once.
  design_codes: z.array(z.string()).min(1),
  scanner: z.string(),
  instruction: z.string(),
  units: z.number().int().nullable(),
  position: z.string(),
  rush: z.boolean(),
  ref_id: z.string().nullable(),
  note: z.string().nullable(),
});
export type EvidentOrder = z.infer<typeof evidentOrderSchema>;

export const evidentRedoSchema = z.object({ notes: z.string().min(1) });

/** The answer to an order or a redo. */
export const evidentAcceptedSchema = z.object({ reference: z.string().min(1).max(200), status: z.string() });
export type EvidentAccepted = z.infer<typeof evidentAcceptedSchema>;

export const evidentResultFileSchema = z.object({
  name: z.string().min(1).max(255),
  size: z.number().int().min(0),
  sha256: z.string(),
});

/** GET of an order: its status, the round (0, then one more per redo) and that round's result files. */
export const evidentOrderStateSchema = z.object({
  reference: z.string(),
  status: z.string(),
  round: z.number().int().min(0),
  files: z.array(evidentResultFileSchema),
});
export type EvidentOrderState = z.infer<typeof evidentOrderStateSchema>;

export const evidentWebhookEventSchema = z.object({
  event_id: z.string().min(1).max(200),
  type: z.literal('order.status'),
  reference: z.string().min(1).max(200),
  status: z.string().min(1).max(50),
  round: z.number().int().min(0),
  occurred_at: z.string(),
});
export type EvidentWebhookEvent = z.infer<typeof evidentWebhookEventSchema>;

/** Webhook calls older or newer than this (by their signed timestamp) are refused, so a capture cannot be replayed later. */
export const webhookToleranceSeconds = 5 * 60;

/** The two headers of a signed call. */
export const signWebhook = (
  secret: string,
  rawBody: Buffer | string,
  at: Date = new Date(),
): Record<string, string> => {
  const { timestamp, signature } = signBody(secret, rawBody, at);
  return { [evidentHeaders.timestamp]: timestamp, [evidentHeaders.signature]: signature };
};

export type { SignatureCheck };

/** Checks a call's signature (constant time) and that its timestamp is within the tolerance of `now`. */
export const checkWebhookSignature = (options: {
  secret: string;
  rawBody: Buffer;
  signature: string | undefined;
  timestamp: string | undefined;
  now: Date;
}): SignatureCheck => checkSignedBody({ ...options, toleranceSeconds: webhookToleranceSeconds });
