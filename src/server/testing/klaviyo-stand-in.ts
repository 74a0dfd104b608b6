/**
 * A stand-in for Klaviyo's API (the app's `klaviyoFetch` option): records each call's path and the
 * e-mail of its profile, and answers 202 as Klaviyo does to its bulk jobs.
 */
export interface KlaviyoCall {
  /** The path under /api/, e.g. `profile-suppression-bulk-create-jobs`. */
  path: string;
  email: string;
}

export function klaviyoStandIn() {
  const calls: KlaviyoCall[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as {
      data: { attributes: { profiles: { data: { attributes: { email: string } }[] } } };
    };
    calls.push({
      path: new URL(String(input)).pathname.replace('/api/', ''),
      email: body.data.attributes.profiles.data[0]!.attributes.email,
    });
    return new Response(null, { status: 202 });
  }) as typeof fetch;
  return {
    fetch: fetchImpl,
    calls,
    /** The paths called for one address, in order. */
    pathsFor: (email: string) =>
      calls.filter((call) => call.email === email.toLowerCase()).map((call) => call.path),
  };
}
