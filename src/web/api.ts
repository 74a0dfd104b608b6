/**
 * The one request helper: JSON in and out, the stored session token as a bearer header,
 * and the server's `message` (else 'Request failed'), with its `type` if any, thrown on a non-OK reply. A 503 with
 * Retry-After (the embedded database's queue is full, or the database is briefly away) is retried.
 */
import { messages } from '../domain/messages';
import { clearSession, readStoredToken } from './features/session/stored-session';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The answer's `type` beside its message, when it has one (a 409 that says `expired`, decision 0048). */
    readonly type?: string,
    /** The whole answer, for a refusal that carries more than its message (a payment to confirm). */
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * What to show a person for a failed request: the server's own message for a client error (a 4xx is
 * written for the caller), else the screen's fallback. A 401 is the session layer's business
 * (the stored session is cleared and the person is sent to sign in), so it shows the fallback unless
 * the screen says a 401 is its own answer (signing in with a wrong password).
 */
export function userMessage(
  error: unknown,
  fallback: string,
  options: { include401?: boolean } = {},
): string {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return fallback;
  if (error.status === 401 && !options.include401) return fallback;
  return error.message;
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * The JSON body, or undefined when there is none to read; an abort by the caller stays an abort,
 * never an empty answer to validate.
 */
async function readJson(response: Response, signal?: AbortSignal): Promise<unknown> {
  return response.json().catch((error: unknown) => {
    if (signal?.aborted) throw error;
    return undefined;
  });
}

/** How often a 503 with Retry-After is retried, and the longest wait honoured. */
const MAX_503_RETRIES = 2;
const MAX_RETRY_WAIT_SECONDS = 5;

/** Waits `ms`, or rejects with the caller's abort. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

/**
 * One call to the API with the stored session's bearer token: the JSON answer and the response's
 * headers, or an ApiError with the server's message for any answer that is not 2xx.
 */
export async function apiExchange(
  path: string,
  { method = 'GET', body, signal }: ApiOptions = {},
): Promise<{ data: unknown; headers: Headers }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = typeof window === 'undefined' ? null : readStoredToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let response = await fetch(path, { method, headers, body: payload, signal });
  // A server that is briefly busy or without its database answers 503 with Retry-After before doing
  // anything (or after undoing it): the call is safe to send again, a couple of times.
  for (let retry = 0; response.status === 503 && retry < MAX_503_RETRIES; retry++) {
    const seconds = Number(response.headers.get('retry-after'));
    if (!Number.isFinite(seconds) || seconds <= 0) break;
    await response.body?.cancel().catch(() => {});
    await sleep(Math.min(seconds, MAX_RETRY_WAIT_SECONDS) * 1000, signal);
    response = await fetch(path, { method, headers, body: payload, signal });
  }
  const data = await readJson(response, signal);
  if (!response.ok) {
    // The server no longer knows this session (logged out elsewhere, expired, revoked): sign out
    // here too, so guarded pages send the shopper to /login instead of failing call after call.
    if (response.status === 401 && token && readStoredToken() === token) clearSession();
    const body = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
    const message = typeof body.message === 'string' ? body.message : messages.requestFailed;
    throw new ApiError(message, response.status, typeof body.type === 'string' ? body.type : undefined, body);
  }
  return { data, headers: response.headers };
}

export async function apiRequest<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { data } = await apiExchange(path, options);
  return data as T;
}
