import type { SessionResponse } from './account.ts';
import type { RoomSnapshot, RoomSummary } from './rooms.ts';

/**
 * What a prerendered page was rendered from (the server's answers to the questions the screen
 * would otherwise ask at load): written into the page as a JSON data block (`#boot-data`), so the browser fills
 * its stores with the same data and hydrates the HTML instead of drawing it again.
 */
export type Boot = {
  /** The path the page was rendered for; a page kept by the service worker and opened at another path is not hydrated. */
  path: string;
  lang: 'en' | 'ta';
  /** Server time of the render, in ms: timers render from it until the browser's clock takes over. */
  now: number;
  session: SessionResponse;
  /** `/deals`: both lists, as `GET /api/rooms?status=…` answers them. */
  rooms?: { upcoming: RoomSummary[]; completed: RoomSummary[] };
  /** `/auction/:code`: the room, as `GET /api/rooms/:code` answers it. */
  room?: RoomSnapshot;
};
