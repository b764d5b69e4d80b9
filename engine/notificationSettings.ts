import type { Decider } from './decider.ts';
import { assertNever } from './decider.ts';

/** One member's notification choices (`notify-settings-{userId}`): per kind, which channels are on. */
export type ChannelChoices = Record<string, { in_app: boolean; mail: boolean; push: boolean }>;

export type NotificationSettingsCommand = {
  type: 'ChangeNotificationSettings';
  data: { changes: ChannelChoices; now: number };
};
export type NotificationSettingsEvent = {
  type: 'NotificationSettingsChanged';
  data: { changes: ChannelChoices; at: number };
};
/** Only the kinds the member changed; every other kind keeps its default. */
export type NotificationSettingsState = { choices: ChannelChoices };

export const notificationSettingsStream = (userId: string): string => `notify-settings-${userId}`;

export const initialState: NotificationSettingsState = { choices: {} };

const same = (a: ChannelChoices[string] | undefined, b: ChannelChoices[string]) =>
  a !== undefined && a.in_app === b.in_app && a.mail === b.mail && a.push === b.push;

export const decide = (
  command: NotificationSettingsCommand,
  state: NotificationSettingsState,
): NotificationSettingsEvent[] => {
  switch (command.type) {
    case 'ChangeNotificationSettings': {
      const changes = Object.fromEntries(
        Object.entries(command.data.changes).filter(([kind, choice]) => !same(state.choices[kind], choice)),
      );
      return Object.keys(changes).length === 0
        ? []
        : [{ type: 'NotificationSettingsChanged', data: { changes, at: command.data.now } }];
    }
    default:
      return assertNever(command.type);
  }
};

export const evolve = (
  state: NotificationSettingsState,
  event: NotificationSettingsEvent,
): NotificationSettingsState => {
  switch (event.type) {
    case 'NotificationSettingsChanged':
      return { choices: { ...state.choices, ...event.data.changes } };
    default:
      return assertNever(event.type);
  }
};

export const notificationSettingsDecider: Decider<
  NotificationSettingsCommand,
  NotificationSettingsEvent,
  NotificationSettingsState
> = { initialState, decide, evolve };
