import { WaitlistNotice } from '../../components/WaitlistNotice.tsx';
import { useEffect, useMemo, useState } from 'react';
import type { DealSort, PriceFilters } from './dealFilters.ts';
import { filterDeals, filtersActive, NO_FILTERS, PRICE_FIELDS } from './dealFilters.ts';
import { Link, useNavigate } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { formatNumber, formatRupees } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { getSocket, watchRoomLists } from '../../lib/socket.ts';
import { useConnectionStore } from '../../stores/connection.ts';
import type { Room } from '../../stores/rooms.ts';
import {
  applyNewRoom,
  applyParticipants,
  applyPreBook,
  applyRoomStatus,
  cardAction,
  checkRoomBeforeJoin,
  fetchRooms,
  prebookRoom,
  ROOM_MESSAGES,
  useRoomsStore,
  upcomingInOrder,
} from '../../stores/rooms.ts';
import { useSessionStore } from '../../stores/session.ts';
import { CompletedCard, UpcomingCard } from './DealCard.tsx';
import { RoomDetailsModal } from './RoomDetailsModal.tsx';
import { SimilarRooms } from './SimilarRooms.tsx';
import { EmptyState, Modal, Notice, ScreenHeader, Tabs, Toasts, useServerNow, useToasts } from '../../ui/kit.tsx';
import './deals.css';

type TabKey = 'upcoming' | 'completed';

/** Keeps the lists live: seats (participants, preBookRoom), new rooms, and rooms that start or end. */
const useLiveRoomLists = () => {
  useEffect(() => {
    const socket = getSocket();
    const resync = () => {
      void fetchRooms('upcoming');
      void fetchRooms('completed');
    };
    socket.on('participants', applyParticipants);
    socket.on('preBookRoom', applyPreBook);
    socket.on('newRoom', applyNewRoom);
    socket.on('roomStatus', applyRoomStatus);
    // An admin edited a product: its rooms' cards show the new name and picture.
    socket.on('productChanged', resync);
    // Fetched again each time the socket is put on the lists (every connection, the first
    // included): the lists may come from a snapshot taken before (the page's HTML, its first
    // fetch), and a room made in between was broadcast only to sockets already watching.
    const release = watchRoomLists(resync);
    return () => {
      release();
      socket.off('participants', applyParticipants);
      socket.off('preBookRoom', applyPreBook);
      socket.off('newRoom', applyNewRoom);
      socket.off('roomStatus', applyRoomStatus);
      socket.off('productChanged', resync);
    };
  }, []);
};

const ListState = ({ kind, empty }: { kind: TabKey; empty: string }) => {
  const list = useRoomsStore((s) => s[kind]);
  if (list.status === 'error' && list.rooms.length === 0) {
    return (
      <div className="deals-error" role="alert" data-testid="deals-error">
        <p>{t(list.error ?? ROOM_MESSAGES.fetchFailed)}</p>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void fetchRooms(kind)}>
          {t('Try again')}
        </button>
      </div>
    );
  }
  if (list.status !== 'ready' && list.rooms.length === 0) {
    return (
      <p className="deals-loading" role="status">
        <span className="spinner" aria-hidden="true" /> {t('Loading deals…')}
      </p>
    );
  }
  if (list.rooms.length === 0) return <EmptyState title={empty} />;
  return null;
};

/** `/deals`: Upcoming Deals and Completed Deals, live. */
/** Price ranges (base, total, max) and the sort, folded away on a phone until opened. */
const DealFilters = ({
  filters,
  sort,
  onFilters,
  onSort,
  shown,
  total,
}: {
  filters: PriceFilters;
  sort: DealSort;
  onFilters: (f: PriceFilters) => void;
  onSort: (s: DealSort) => void;
  shown: number;
  total: number;
}) => {
  const active = filtersActive(filters);
  return (
    <details className="deal-filters card" data-testid="deal-filters">
      <summary>
        {t('Filter and sort')}
        {active && (
          <span className="muted">
            {' '}
            · {t('showing {shown} of {total}', { shown: formatNumber(shown), total: formatNumber(total) })}
          </span>
        )}
      </summary>
      <div className="deal-filters-grid">
        {PRICE_FIELDS.map(({ key, label, hint }) => (
          <fieldset key={key} className="deal-filter">
            <legend>{t(label)} (₹)</legend>
            <label>
              <span className="visually-hidden">{t('{label} from', { label: t(label) })}</span>
              <input
                inputMode="numeric"
                placeholder={formatNumber(hint[0])}
                value={filters[key].min}
                onChange={(e) => onFilters({ ...filters, [key]: { ...filters[key], min: e.target.value } })}
              />
            </label>
            <span aria-hidden="true">–</span>
            <label>
              <span className="visually-hidden">{t('{label} up to', { label: t(label) })}</span>
              <input
                inputMode="numeric"
                placeholder={formatNumber(hint[1])}
                value={filters[key].max}
                onChange={(e) => onFilters({ ...filters, [key]: { ...filters[key], max: e.target.value } })}
              />
            </label>
          </fieldset>
        ))}
        <div className="deal-filter">
          <label htmlFor="deal-sort">{t('Sort')}</label>
          <select id="deal-sort" value={sort} onChange={(e) => onSort(e.target.value as DealSort)}>
            <option value="soonest">{t('Starting soonest')}</option>
            <option value="base_price">{t('Base price: low to high')}</option>
          </select>
        </div>
        {active && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => onFilters(NO_FILTERS)}>
            {t('Clear prices')}
          </button>
        )}
      </div>
    </details>
  );
};

export const Deals = () => {
  usePageTitle(t('Deals'));
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const cash = useSessionStore((s) => s.cash);
  const connected = useConnectionStore((s) => s.status === 'connected');
  const listed = useRoomsStore((s) => s.upcoming.rooms);
  const [filters, setFilters] = useState<PriceFilters>(NO_FILTERS);
  const [sort, setSort] = useState<DealSort>('soonest');
  const { rooms: upcoming, count: upcomingCount } = useMemo(() => {
    const ordered = upcomingInOrder(listed).rooms;
    const shown = filterDeals(ordered, filters, sort);
    return { rooms: shown, count: shown.filter((r) => r.status !== 'cancelled').length };
  }, [listed, filters, sort]);
  const allCompleted = useRoomsStore((s) => s.completed.rooms);
  const completed = useMemo(() => filterDeals(allCompleted, filters, sort), [allCompleted, filters, sort]);
  const filtering = filtersActive(filters);
  const now = useServerNow(1000);
  const [tab, setTab] = useState<TabKey>('upcoming');
  const [settled, setSettled] = useState<TabKey>('upcoming');
  /** A tab's sliding panel: hidden from assistive tech and focus while another tab is shown. */
  const panelProps = (key: TabKey) => ({
    className: `slide-panel${tab !== key && settled !== key ? ' is-away' : ''}`,
    'aria-hidden': tab !== key,
    inert: tab !== key,
    'data-testid': `${key}-panel`,
  });
  const [details, setDetails] = useState<Room | null>(null);
  const [confirm, setConfirm] = useState<Room | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const { toasts, show, dismiss } = useToasts();

  useLiveRoomLists();
  useEffect(() => {
    void fetchRooms('upcoming');
    void fetchRooms('completed');
  }, [user?.id]);

  const viewer = user ? { id: user.id, access: user.access } : null;

  const prebook = async (room: Room) => {
    if (!user) return;
    setConfirm(null);
    setBusy(room.room_code);
    try {
      show(t(await prebookRoom(room.room_code, user.id)), 'success');
    } catch (error) {
      show(t(error instanceof Error ? error.message : ROOM_MESSAGES.prebookFailed), 'error');
    } finally {
      setBusy(null);
    }
  };

  const act = async (room: Room) => {
    const action = cardAction(room, viewer, now);
    if (action.kind === 'prebook') {
      if (!user) return show(t(ROOM_MESSAGES.loginToPrebook), 'warning');
      setConfirm(room);
      return;
    }
    if (action.kind === 'join') {
      if (!user) return show(t(ROOM_MESSAGES.loginToJoin), 'warning');
      if (!connected) return show(t(ROOM_MESSAGES.socketDown), 'error');
      setBusy(room.room_code);
      const ended = await checkRoomBeforeJoin(room.room_code);
      setBusy(null);
      if (ended) return show(ended, 'info');
      void navigate(`/auction/${room.room_code}`);
    }
  };

  const changeTab = (next: TabKey) => {
    setTab(next);
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) setSettled(next);
  };

  return (
    <>
      <ScreenHeader
        eyebrow={t('Deal rooms')}
        title={t('Deals')}
        lead={t(
          'Pre-book a seat before the start time. When every seat is taken the room opens and the last valid deal before the timer ends wins.',
        )}
      />
      <div className="container vd-screen-body">
        <DealFilters
          filters={filters}
          sort={sort}
          onFilters={setFilters}
          onSort={setSort}
          shown={upcoming.length + completed.length}
          total={listed.length + allCompleted.length}
        />
        <Tabs
          idBase="deals"
          label={t('Deals')}
          active={tab}
          onChange={changeTab}
          tabs={[
            { key: 'upcoming', label: t('Upcoming Deals'), count: upcomingCount },
            { key: 'completed', label: t('Completed Deals'), count: completed.length },
          ]}
        />
        <div className="slide-viewport" id="deals-panel" role="tabpanel" aria-labelledby={`deals-tab-${tab}`}>
          <div
            className={`slide-track${tab === 'completed' ? ' is-second' : ''}`}
            onTransitionEnd={(e) => e.target === e.currentTarget && setSettled(tab)}
          >
            <section {...panelProps('upcoming')}>
              {/* Once above the list, not under every card. */}
              <WaitlistNotice action={t('pre-book deals')} compact />
              <ListState kind="upcoming" empty={t('No upcoming rooms')} />
              {filtering && upcoming.length === 0 && listed.length > 0 && (
                <p className="muted deal-filters-empty">{t('No upcoming deals match these prices.')}</p>
              )}
              <div className="deal-grid">
                {upcoming.map((room) => (
                  <UpcomingCard
                    key={room.room_code}
                    room={room}
                    now={now}
                    action={cardAction(room, viewer, now)}
                    busy={busy === room.room_code}
                    onDetails={() => setDetails(room)}
                    onAction={() => void act(room)}
                  />
                ))}
              </div>
            </section>
            <section {...panelProps('completed')}>
              <ListState kind="completed" empty={t('No completed deals')} />
              {filtering && completed.length === 0 && allCompleted.length > 0 && (
                <p className="muted deal-filters-empty">{t('No completed deals match these prices.')}</p>
              )}
              <div className="deal-grid">
                {completed.map((room) => (
                  <CompletedCard
                    key={room.room_code}
                    room={room}
                    onDetails={() => setDetails(room)}
                    onView={() => void navigate(`/auction/${room.room_code}`)}
                  />
                ))}
              </div>
            </section>
          </div>
        </div>
      </div>

      {details && (
        <RoomDetailsModal
          room={[...upcoming, ...completed].find((r) => r.room_code === details.room_code) ?? details}
          onClose={() => setDetails(null)}
        />
      )}
      {confirm && (
        <Modal
          title={t('Pre-book this deal?')}
          onClose={() => setConfirm(null)}
          testId="prebook-confirm"
          footer={
            <>
              <button type="button" className="btn btn-ghost" onClick={() => setConfirm(null)}>
                {t('Cancel')}
              </button>
              <button
                type="button"
                className="btn btn-primary"
                disabled={cash < confirm.entry_fee}
                onClick={() => void prebook(confirm)}
              >
                {t('Confirm Pre-Book')}
              </button>
            </>
          }
        >
          <p>
            <strong translate="no">{confirm.product_name}</strong> · {t('Room {code}', { code: confirm.room_code })}
          </p>
          <p>
            {tRich(
              'The entry fee of <fee>{fee}</fee> moves from your cash wallet (balance {balance}) into this room. If the room does not fill by its start time, it comes back to your cash wallet; if you take part and don’t win, it comes back as Reward Cash.',
              { fee: (w) => <strong>{w}</strong> },
              { fee: formatRupees(confirm.entry_fee), balance: formatRupees(cash) },
            )}
          </p>
          <SimilarRooms code={confirm.room_code} />
          {cash < confirm.entry_fee && (
            <Notice tone="warning" testId="prebook-short">
              {tRich(
                'Your cash wallet is {short} short of this entry fee. <add>Add money to your wallet</add> and come back to pre-book.',
                {
                  add: (w) => (
                    <Link to="/wallet" onClick={() => setConfirm(null)}>
                      {w}
                    </Link>
                  ),
                },
                { short: formatRupees(confirm.entry_fee - cash) },
              )}
            </Notice>
          )}
        </Modal>
      )}
      <Toasts toasts={toasts} onDismiss={dismiss} />
    </>
  );
};
