import { create } from './create.ts';

export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';

export type ConnectionState = {
  status: ConnectionStatus;
  /** Why the last connection ended or failed, for display and logs. */
  reason: string | null;
};

export const useConnectionStore = create<ConnectionState>()(() => ({ status: 'idle', reason: null }));

export const setConnection = (status: ConnectionStatus, reason: string | null = null): void =>
  useConnectionStore.setState({ status, reason });

export const selectIsConnected = (state: ConnectionState): boolean => state.status === 'connected';
