/**
 * `target` with each method call passed through `around` (its name, and the call to make): how the
 * metrics time and the traces wrap the payment provider and the image store without changing a call
 * site. Properties that are not functions pass through, and so does every call while `active` is false.
 */
export function aroundMethods<T extends object>(
  target: T,
  around: (method: string, call: () => unknown) => unknown,
  active: () => boolean = () => true,
): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver) as unknown;
      if (typeof value !== 'function' || typeof property !== 'string' || !active()) return value;
      return (...args: unknown[]) =>
        around(property, () => (value as (...a: unknown[]) => unknown).apply(object, args));
    },
  });
}
