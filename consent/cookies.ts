// document.cookie and the Cookie Store API, filtered: a write whose name a blocked `localcookie`
// service claims is dropped, every other write goes through exactly once. Reads are native.
// The core's own writes (the cconsent record, expiries) use the native setter directly.
import { cookieNames, expiryWrites } from './rules';

const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
export const readCookies = (): string => native.get!.call(document);
export const writeCookie = (assignment: string): void => native.set!.call(document, assignment);

/** The name a `document.cookie` assignment sets (a pair without "=" is a nameless cookie: judge it by its text). */
export const nameOf = (assignment: string): string => assignment.split(/[=;]/)[0].trim();

export function installCookieFilter(blocked: (name: string) => boolean): void {
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: readCookies,
    set(v: unknown) {
      if (!blocked(nameOf(String(v)))) writeCookie(v as string);
    },
  });
  const store = (window as any).CookieStore?.prototype;
  const set = store?.set;
  if (set) {
    store.set = function (this: unknown, first: any) {
      const name = typeof first === 'string' ? first : first?.name;
      return typeof name === 'string' && blocked(name) ? Promise.resolve() : set.apply(this, arguments as any);
    };
  }
}

/** Expires `name` on the host, every parent domain (with and without the dot) and every path prefix. */
export function expire(name: string): void {
  for (const w of expiryWrites(name, location.hostname, location.pathname)) writeCookie(w);
}

export const presentCookies = (): string[] => cookieNames(readCookies());
