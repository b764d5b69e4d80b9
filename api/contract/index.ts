/** The wire contract, in one import: `import { RoomSnapshot } from '../api/contract/index.ts'`. */
export * from './common.ts';
export * from './account.ts';
export * from './rooms.ts';
export * from './socket.ts';
export * from './shop.ts';
export * from './league.ts';
export * from './audit.ts';
export * from './notifications.ts';
export * from './newsletter.ts';
export * from './withdrawals.ts';
