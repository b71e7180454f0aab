/**
 * The cookies of one browser, for tests that inject requests: kept by name and path from
 * `Set-Cookie`, sent on requests whose path lies under the cookie's, forgotten when set with
 * `Max-Age=0`. (Expiry by time is left out: the tests move a fake clock, not the browser's.)
 */
export function createCookieJar() {
  const cookies = new Map<string, { name: string; value: string; path: string }>();
  const underPath = (requestPath: string, cookiePath: string) =>
    requestPath === cookiePath ||
    requestPath.startsWith(cookiePath.endsWith('/') ? cookiePath : `${cookiePath}/`);

  return {
    /** Takes the `Set-Cookie` header(s) of an answer. */
    take(header: string | string[] | undefined) {
      for (const line of header === undefined ? [] : [header].flat()) {
        const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
        const equals = pair.indexOf('=');
        const name = pair.slice(0, equals);
        const value = pair.slice(equals + 1);
        const attribute = (key: string) =>
          attributes
            .find((part) => part.toLowerCase().startsWith(`${key.toLowerCase()}=`))
            ?.split('=')[1];
        const path = attribute('Path') ?? '/';
        const key = `${name} ${path}`;
        if (attribute('Max-Age') === '0') cookies.delete(key);
        else cookies.set(key, { name, value, path });
      }
    },
    /** The `Cookie` header this browser sends to the path (undefined when none). */
    headerFor(pathAndQuery: string): string | undefined {
      const path = pathAndQuery.split('?')[0]!;
      const sent = [...cookies.values()]
        .filter((cookie) => underPath(path, cookie.path))
        .map((cookie) => `${cookie.name}=${cookie.value}`);
      return sent.length > 0 ? sent.join('; ') : undefined;
    },
    /** The names of the cookies held. */
    names: () => [...cookies.values()].map((cookie) => cookie.name),
    /** Sets one cookie by hand (a forged value, say). */
    set(name: string, value: string, path: string) {
      cookies.set(`${name} ${path}`, { name, value, path });
    },
  };
}

export type CookieJar = ReturnType<typeof createCookieJar>;
