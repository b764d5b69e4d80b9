/**
 * Canonical JSON (docs/log-format.md §1): object keys sorted by UTF-16 code units, no whitespace,
 * strings and numbers as `JSON.stringify` writes them, members whose value is `undefined` left out.
 * Only values that come back the same from `JSON.parse` are accepted: anything else (a `Date`, a
 * `Map`, a class instance, `NaN`, `Infinity`, `-0`, a `BigInt`, `undefined` in an array) would be
 * hashed as one thing and stored as another, so it is refused with the path to the value.
 */
export class NonCanonicalValueError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`${path}: ${reason} cannot be stored as canonical JSON`);
    this.name = 'NonCanonicalValueError';
  }
}

const isPlainObject = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

const encode = (value: unknown, path: string): string => {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new NonCanonicalValueError(path, `the number ${value}`);
      if (Object.is(value, -0)) throw new NonCanonicalValueError(path, 'negative zero');
      return JSON.stringify(value);
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        const items: string[] = [];
        for (let i = 0; i < value.length; i++) {
          if (!(i in value) || value[i] === undefined) throw new NonCanonicalValueError(`${path}[${i}]`, 'undefined');
          items.push(encode(value[i], `${path}[${i}]`));
        }
        return `[${items.join(',')}]`;
      }
      if (!isPlainObject(value)) {
        const kind = (value as { constructor?: { name?: string } }).constructor?.name ?? 'object';
        throw new NonCanonicalValueError(path, `a ${kind}`);
      }
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((k) => record[k] !== undefined)
        .sort();
      return `{${keys.map((k) => `${JSON.stringify(k)}:${encode(record[k], `${path}.${k}`)}`).join(',')}}`;
    }
    default:
      throw new NonCanonicalValueError(path, `a ${typeof value}`);
  }
};

export const canonicalJson = (value: unknown): string => encode(value, '$');
