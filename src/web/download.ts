import { readStoredToken } from './features/session/stored-session';

/**
 * Fetches a file with the session's bearer token (a plain link cannot carry it) and hands it to the
 * browser under the name the server gives it, else `fallbackName`. Throws on a non-OK answer.
 */
export async function downloadWithSession(
  path: string,
  fallbackName: string,
  failure: string,
): Promise<void> {
  const token = readStoredToken();
  const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(failure.replace('{status}', String(response.status)));
  await saveResponse(response, fallbackName);
}

/** Hands an answer's body to the browser as a file, under the name the server gives, else `fallbackName`. */
export async function saveResponse(response: Response, fallbackName: string): Promise<void> {
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
