import { describe, expect, it } from 'vitest';
import { create, fillAsServer, resetAllStores } from '../../web/src/stores/create.ts';
import { visitorLang } from '../../api/http/prerender.ts';

describe('stores read by a server render and by hydration', () => {
  const useSocket = create<{ status: string }>()(() => ({ status: 'idle' }));
  const useRooms = create<{ rooms: string[] }>()(() => ({ rooms: [] }));

  it('hydration sees what the server rendered from, while the live state keeps what the page set at start-up', () => {
    // The page's start-up has connected the socket before the boot data is applied.
    useSocket.setState({ status: 'connected' });
    fillAsServer(() => useRooms.setState({ rooms: ['VTR101'] }));
    // What React asks while hydrating: the server's view (the socket was idle there) …
    expect(useSocket.getInitialState()).toEqual({ status: 'idle' });
    expect(useRooms.getInitialState()).toEqual({ rooms: ['VTR101'] });
    // … and what it renders right after: the live state, boot data included.
    expect(useSocket.getState()).toEqual({ status: 'connected' });
    expect(useRooms.getState()).toEqual({ rooms: ['VTR101'] });
    // Later changes do not move what hydration reads.
    useRooms.setState({ rooms: ['VTR101', 'VTR102'] });
    expect(useRooms.getInitialState()).toEqual({ rooms: ['VTR101'] });
  });

  it('the server puts every store back between two pages', () => {
    fillAsServer(() => useRooms.setState({ rooms: ['VTR101'] }));
    resetAllStores();
    expect(useRooms.getState()).toEqual({ rooms: [] });
    expect(useSocket.getState()).toEqual({ status: 'idle' });
    // Unfrozen: outside a render, React would read the state as it is.
    useRooms.setState({ rooms: ['VTR200'] });
    expect(useRooms.getInitialState()).toEqual({ rooms: ['VTR200'] });
  });
});

describe('the language a page is prerendered in', () => {
  it('is the choice made on the site, else the first of the browser’s languages we speak, else English', () => {
    expect(visitorLang('sid=x; vetri.lang=ta', 'en-IN,en;q=0.9')).toBe('ta');
    expect(visitorLang('vetri.lang=en', 'ta-IN,ta;q=0.9')).toBe('en');
    expect(visitorLang(undefined, 'fr-FR,ta;q=0.8,en;q=0.5')).toBe('ta');
    expect(visitorLang(undefined, 'en;q=0.4,ta;q=0.9')).toBe('ta');
    expect(visitorLang(undefined, 'ta;q=0,en;q=0.5')).toBe('en');
    expect(visitorLang('vetri.lang=xx', 'de-DE')).toBe('en');
    expect(visitorLang(undefined, undefined)).toBe('en');
  });
});
