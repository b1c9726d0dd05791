import { z } from 'zod';
import { departments, printTypes } from '../enums';
import { isoDateTime } from './common';

export const printerSchema = z.object({
  id: z.number().int(),
  printer_name: z.string(),
  print_type: z.enum(printTypes),
});

/** GET /api/me/ — the signed-in user as the shell needs it. */
export const meSchema = z.object({
  logged_in: z.literal(true),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  department: z.enum(departments),
  all_departments: z.boolean(),
  admin: z.boolean(),
  restricted: z.boolean(),
  staging: z.boolean(),
  printers: z.array(printerSchema),
  /**
   * Administrators only: the address e-mails link to (PUBLIC_URL, or this machine's name on
   * the lab network), so a wrong one is noticed before a client gets a dead link.
   */
  public_url: z.string().optional(),
});
export type Me = z.infer<typeof meSchema>;

/** GET /oauth2/token/ — a short-lived bearer token for the API. */
export const tokenSchema = z.object({ access_token: z.string(), expires_at: isoDateTime });
export type AccessToken = z.infer<typeof tokenSchema>;

export const signInFormSchema = z.object({
  username: z.string().trim().max(150).default(''),
  password: z.string().max(1024).default(''),
  next: z.string().max(2048).optional(),
});

/** Texts the sign-in flow shows, verbatim from the spec and the foundation issue. */
export const authMessages = {
  invalidCredentials: 'Invalid username or password',
  invalidToken: 'Invalid Token',
  notLoggedIn: 'Not Logged In',
  notLoggedInForced: 'Not Logged In, forcing re-auth',
  tooManyAttempts: 'Too many sign-in attempts, please try again later',
} as const;

/** GET /conf — the five configuration fields the web reads at start. */
export const confSchema = z.object({
  backend_url: z.string(),
  order_entry_platform_url: z.string(),
  file_transfer_url: z.string(),
  error_reporting_environment: z.string(),
  partner_platform_url: z.string(),
});
export type Conf = z.infer<typeof confSchema>;

export const versionSchema = z.object({ version: z.string() });
