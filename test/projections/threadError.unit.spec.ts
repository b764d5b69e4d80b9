import { describe, expect, it } from 'vitest';
import { threadErrorOf } from '../../projections/threadError.ts';

describe('an error as it crosses between threads', () => {
  it('keeps the message and the code of a SQLite error', () => {
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    expect(threadErrorOf(busy)).toEqual({ message: 'database is locked', code: 'SQLITE_BUSY' });
  });

  it('has no code when the error has none', () => {
    expect(threadErrorOf(new TypeError('bad event'))).toEqual({ message: 'bad event' });
  });

  it('says the code when there is no message, and the text of anything thrown that is not an error', () => {
    expect(threadErrorOf({ code: 'ENOSPC' })).toEqual({ message: 'ENOSPC', code: 'ENOSPC' });
    expect(threadErrorOf('disk full')).toEqual({ message: 'disk full' });
    expect(threadErrorOf(null)).toEqual({ message: 'null' });
  });
});
