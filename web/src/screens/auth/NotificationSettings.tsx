import { useEffect, useState } from 'react';
import type {
  ChannelChoice,
  NotificationKind,
  NotificationSettingsAnswer,
} from '../../../../api/contract/notifications.ts';
import { NOTIFICATION_KINDS } from '../../../../api/contract/notifications.ts';
import { t } from '../../i18n/index.ts';
import { api, messageOf } from '../../lib/api.ts';
import { KIND_LABELS } from '../../stores/notifications.ts';
import { Notice } from '../../ui/kit.tsx';

/** The channels as the checkboxes' names say them (the column heads say Bell, Mail, Push). */
const CHANNEL_NAMES = { in_app: 'bell', mail: 'mail', push: 'push' } as const;

type PushState = 'unsupported' | 'denied' | 'off' | 'on' | 'working';

const base64UrlToBytes = (text: string): Uint8Array<ArrayBuffer> => {
  const b64 = (text + '='.repeat((4 - (text.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
};

const pushSupported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** Turns Web Push on for this browser: the service worker, the permission, the subscription, sent to the server. */
export const subscribeThisBrowser = async (publicKey: string): Promise<void> => {
  const registration = await navigator.serviceWorker.register('/sw.js');
  await navigator.serviceWorker.ready;
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('denied');
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64UrlToBytes(publicKey),
  });
  await api('/api/me/push-subscriptions', { body: subscription.toJSON() });
};

/** The profile's notification choices: per kind, the bell, mail and push; and push on this phone. */
export const NotificationSettings = () => {
  const [answer, setAnswer] = useState<NotificationSettingsAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [push, setPush] = useState<PushState>('off');

  useEffect(() => {
    api<NotificationSettingsAnswer>('/api/me/notification-settings')
      .then(setAnswer)
      .catch((e: unknown) => setError(messageOf(e, t('Could not load your notification settings. Please reload.'))));
    if (!pushSupported()) setPush('unsupported');
    else if (Notification.permission === 'denied') setPush('denied');
    else
      void navigator.serviceWorker
        .getRegistration('/sw.js')
        .then((r) => r?.pushManager.getSubscription())
        .then((s) => s && setPush('on'));
  }, []);

  const change = async (kind: NotificationKind, channel: keyof ChannelChoice, on: boolean) => {
    if (!answer) return;
    const choice = { ...answer.settings[kind], [channel]: on };
    setAnswer({ ...answer, settings: { ...answer.settings, [kind]: choice } });
    setSaved(null);
    try {
      setAnswer(
        await api<NotificationSettingsAnswer>('/api/me/notification-settings', {
          method: 'PUT',
          body: { settings: { [kind]: choice } },
        }),
      );
      setSaved(t('Saved.'));
    } catch (e) {
      setError(messageOf(e, t('Your change was not saved. Please try again.')));
    }
  };

  const turnOnPush = async () => {
    if (!answer) return;
    setPush('working');
    setError(null);
    try {
      await subscribeThisBrowser(answer.push.public_key);
      setPush('on');
    } catch (e) {
      if (e instanceof Error && e.message === 'denied') setPush('denied');
      else {
        setPush('off');
        setError(messageOf(e, t('Push notifications could not be turned on in this browser.')));
      }
    }
  };

  const turnOffPush = async () => {
    setPush('working');
    const registration = await navigator.serviceWorker.getRegistration('/sw.js');
    const subscription = await registration?.pushManager.getSubscription();
    if (subscription) {
      await api('/api/me/push-subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } }).catch(
        () => undefined,
      );
      await subscription.unsubscribe();
    }
    setPush('off');
  };

  return (
    <section className="card notification-settings" aria-labelledby="notifications-title" id="notifications">
      <h2 id="notifications-title">{t('Notifications')}</h2>
      <p className="muted">{t('Choose how we tell you about each moment. Changes save at once.')}</p>
      <div className="push-row" data-testid="push-row">
        {push === 'unsupported' && <p>{t('This browser cannot receive push notifications.')}</p>}
        {push === 'denied' && (
          <p>
            {t('Notifications are blocked for this site in your browser settings. Allow them there to get push here.')}
          </p>
        )}
        {(push === 'off' || push === 'working') && (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={push === 'working' || !answer}
            onClick={() => void turnOnPush()}
          >
            {t('Turn on push notifications on this phone')}
          </button>
        )}
        {push === 'on' && (
          <>
            <p role="status">{t('Push notifications are on for this browser.')}</p>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => void turnOffPush()}>
              {t('Turn off push on this browser')}
            </button>
          </>
        )}
      </div>
      {error && <Notice tone="error">{error}</Notice>}
      {saved && (
        <p className="visually-hidden" role="status">
          {saved}
        </p>
      )}
      {!answer && !error && <p>{t('Loading your choices…')}</p>}
      {answer && (
        <div className="table-scroll">
          <table className="notification-table">
            <thead>
              <tr>
                <th scope="col">{t('When')}</th>
                <th scope="col">{t('Bell')}</th>
                <th scope="col">{t('Mail')}</th>
                <th scope="col">{t('Push')}</th>
              </tr>
            </thead>
            <tbody>
              {NOTIFICATION_KINDS.map((kind) => (
                <tr key={kind}>
                  <th scope="row">{t(KIND_LABELS[kind])}</th>
                  {(['in_app', 'mail', 'push'] as const).map((channel) => (
                    <td key={channel}>
                      <input
                        type="checkbox"
                        checked={answer.settings[kind][channel]}
                        onChange={(e) => void change(kind, channel, e.target.checked)}
                        aria-label={`${t(KIND_LABELS[kind])}: ${t(CHANNEL_NAMES[channel])}`}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
};
