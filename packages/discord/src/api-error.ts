/**
 * The one error type of this package, on both sides of the wire: the simulator throws it and
 * encodes `body`; the client decodes a response into it with `fromResponse`. Like
 * apimachinery's StatusError, the same shape reaches whoever shows it to a person.
 */

export interface FieldErrorDetail {
  code: string;
  message: string;
}

/** Discord's nested form-error tree: `{"name": {"_errors": [{code, message}]}}`. */
export interface FormErrorTree {
  _errors?: FieldErrorDetail[];
  [field: string]: FormErrorTree | FieldErrorDetail[] | undefined;
}

/** The JSON body Discord answers an error with. */
export interface DiscordErrorBody {
  message: string;
  code: number;
  errors?: FormErrorTree;
  retry_after?: number;
  global?: boolean;
}

export interface DiscordApiErrorInit {
  /** HTTP status; 0 when no response arrived (timeout, connection refused, aborted). */
  status: number;
  /** Discord's JSON error code; 0 is the general code Discord uses for 401/404-route/429. */
  code: number;
  message: string;
  errors?: FormErrorTree | undefined;
  retryAfterSeconds?: number | undefined;
  global?: boolean | undefined;
  /** False when the client refused to send because it already knew the bucket was empty. */
  sent?: boolean | undefined;
  method?: string | undefined;
  path?: string | undefined;
  cause?: unknown;
}

export class DiscordApiError extends Error {
  override readonly name = 'DiscordApiError';
  readonly status: number;
  readonly code: number;
  readonly errors: FormErrorTree | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly global: boolean | undefined;
  readonly sent: boolean;
  readonly method: string | undefined;
  readonly path: string | undefined;

  constructor(init: DiscordApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.global = init.global;
    this.sent = init.sent ?? true;
    this.method = init.method;
    this.path = init.path;
  }

  /** The wire body, exactly as Discord would send it. */
  get body(): DiscordErrorBody {
    const body: DiscordErrorBody = { message: this.message, code: this.code };
    if (this.errors) body.errors = this.errors;
    if (this.retryAfterSeconds !== undefined) body.retry_after = this.retryAfterSeconds;
    if (this.global !== undefined) body.global = this.global;
    return body;
  }

  /** The same error, labelled with the request it answered. */
  withRequest(method: string, path: string): DiscordApiError {
    return new DiscordApiError({
      status: this.status,
      code: this.code,
      message: this.message,
      errors: this.errors,
      retryAfterSeconds: this.retryAfterSeconds,
      global: this.global,
      sent: this.sent,
      method,
      path,
      cause: this.cause,
    });
  }

  /** The form-error tree flattened to `parent_id`-style paths, for showing next to fields. */
  fieldErrors(): { path: string; code: string; message: string }[] {
    const out: { path: string; code: string; message: string }[] = [];
    const walk = (tree: FormErrorTree, path: string): void => {
      for (const [key, value] of Object.entries(tree)) {
        if (key === '_errors' && Array.isArray(value)) {
          for (const e of value) out.push({ path, code: e.code, message: e.message });
        } else if (value && !Array.isArray(value)) {
          walk(value, path ? `${path}.${key}` : key);
        }
      }
    };
    if (this.errors) walk(this.errors, '');
    return out;
  }

  /**
   * Decodes any response. Bodies that are not Discord's shape (a proxy's HTML 502, an empty
   * 429 from Cloudflare) still become an error with the HTTP status and code 0.
   */
  static fromResponse(
    status: number,
    body: unknown,
    context: { statusText?: string; retryAfterHeader?: string | null; method?: string; path?: string } = {},
  ): DiscordApiError {
    const record = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const headerRetry = context.retryAfterHeader ? Number(context.retryAfterHeader) : Number.NaN;
    const retryAfter = typeof record.retry_after === 'number' ? record.retry_after : Number.isFinite(headerRetry) ? headerRetry : undefined;
    return new DiscordApiError({
      status,
      code: typeof record.code === 'number' ? record.code : 0,
      message: typeof record.message === 'string' ? record.message : `${status}: ${context.statusText || 'Unknown Error'}`,
      errors: isFormErrorTree(record.errors) ? record.errors : undefined,
      retryAfterSeconds: retryAfter,
      global: typeof record.global === 'boolean' ? record.global : status === 429 ? false : undefined,
      method: context.method,
      path: context.path,
    });
  }
}

function isFormErrorTree(value: unknown): value is FormErrorTree {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function isDiscordApiError(err: unknown): err is DiscordApiError {
  return err instanceof DiscordApiError;
}

/** Unknown Guild, Unknown Channel, or an unknown route: for a delete, the object is gone. */
export function isNotFound(err: unknown): err is DiscordApiError {
  return isDiscordApiError(err) && err.status === 404;
}

/** A 429 from the server, or a local refusal to send into a bucket known to be empty. */
export function isRateLimited(err: unknown): err is DiscordApiError & { retryAfterSeconds: number } {
  return isDiscordApiError(err) && err.status === 429;
}

export function isServerError(err: unknown): err is DiscordApiError {
  return isDiscordApiError(err) && err.status >= 500;
}

/** No response arrived: timeout, abort, or a connection failure. */
export function isNetworkError(err: unknown): err is DiscordApiError {
  return isDiscordApiError(err) && err.status === 0;
}

/** Named factories with Discord's own wording, used by the simulator and by the client. */
export const discordErrors = {
  unknownChannel: () => new DiscordApiError({ status: 404, code: 10003, message: 'Unknown Channel' }),
  unknownGuild: () => new DiscordApiError({ status: 404, code: 10004, message: 'Unknown Guild' }),
  routeNotFound: () => new DiscordApiError({ status: 404, code: 0, message: '404: Not Found' }),
  methodNotAllowed: () => new DiscordApiError({ status: 405, code: 0, message: '405: Method Not Allowed' }),
  unauthorized: () => new DiscordApiError({ status: 401, code: 0, message: '401: Unauthorized' }),
  /** Not Discord's: the simulator's answer to a Host it does not serve (DNS rebinding protection). */
  misdirected: () => new DiscordApiError({ status: 421, code: 0, message: '421: Misdirected Request' }),
  invalidFormBody: (errors: FormErrorTree) => new DiscordApiError({ status: 400, code: 50035, message: 'Invalid Form Body', errors }),
  invalidJson: () => new DiscordApiError({ status: 400, code: 50109, message: 'The request body contains invalid JSON.' }),
  emptyMessage: () => new DiscordApiError({ status: 400, code: 50006, message: 'Cannot send an empty message' }),
  nonTextChannel: () => new DiscordApiError({ status: 400, code: 50008, message: 'Cannot send messages in a non-text channel' }),
  payloadTooLarge: () => new DiscordApiError({ status: 413, code: 40005, message: 'Request entity too large' }),
  rateLimited: (retryAfterSeconds: number, global = false, sent = true) =>
    new DiscordApiError({
      status: 429,
      code: 0,
      message: 'You are being rate limited.',
      retryAfterSeconds: Math.round(retryAfterSeconds * 1000) / 1000,
      global,
      sent,
    }),
  internalServerError: () => new DiscordApiError({ status: 500, code: 0, message: '500: Internal Server Error' }),
  timedOut: (ms: number, cause?: unknown) => new DiscordApiError({ status: 0, code: 0, message: `Request timed out after ${ms} ms`, cause }),
  aborted: (cause?: unknown) => new DiscordApiError({ status: 0, code: 0, message: 'Request aborted', cause }),
  requestFailed: (cause: unknown) =>
    new DiscordApiError({
      status: 0,
      code: 0,
      message: `Request failed: ${cause instanceof Error ? causeText(cause) : String(cause)}`,
      cause,
    }),
};

/** undici hides the useful part ("ECONNREFUSED") one level down in `cause`. */
function causeText(err: Error): string {
  const inner = err.cause;
  return inner instanceof Error ? `${err.message} (${inner.message})` : err.message;
}
