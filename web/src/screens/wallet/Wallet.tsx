import { Withdraw } from './Withdraw.tsx';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading.tsx';
import { t } from '../../i18n/index.ts';
import { formatDateTime, formatRupees } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { usePaymentReturn } from '../../lib/usePaymentReturn.ts';
import { messageOf } from '../../lib/api.ts';
import { useSessionStore } from '../../stores/session.ts';
import {
  completeDeposit,
  createDeposit,
  loadWallet,
  TOP_UP_BUTTONS_RUPEES,
  TOP_UP_RULES_RUPEES,
  TRANSACTION_LABELS,
  transactionSign,
  useWalletStore,
  type WalletTransaction,
  watchWallet,
} from '../../stores/wallet.ts';
import { Notice, ScreenHeader } from '../../ui/kit.tsx';
import './wallet.css';

const TOP_UPS = [...new Set([...TOP_UP_BUTTONS_RUPEES, ...TOP_UP_RULES_RUPEES])].sort((a, b) => a - b);

type Message = { tone: 'success' | 'error' | 'info' | 'warning'; text: string };

const Balances = () => {
  const cash = useWalletStore((s) => s.cash);
  const reward = useWalletStore((s) => s.rewardCash);
  const held = useWalletStore((s) => s.held);
  const status = useWalletStore((s) => s.status);
  const pending = status === 'loading' || status === 'idle';
  return (
    <div className="wallet-balances" aria-busy={pending}>
      <section className="balance-card balance-card--cash">
        <h2>{t('Cash wallet')}</h2>
        <p className="balance-amount" data-testid="wallet-cash">
          {pending ? '…' : formatRupees(cash)}
        </p>
        <p className="muted">{t('Pays entry fees and the price of deals you win.')}</p>
      </section>
      <section className="balance-card balance-card--reward">
        <h2>{t('Reward Cash')}</h2>
        <p className="balance-amount" data-testid="wallet-reward">
          {pending ? '…' : formatRupees(reward)}
        </p>
        <p className="muted">{t('Spend it in the shop. It cannot be withdrawn or used to enter deals.')}</p>
      </section>
      <section className="balance-card balance-card--held">
        <h2>{t('Held for pre-booked deals')}</h2>
        <p className="balance-amount" data-testid="wallet-held">
          {pending ? '…' : formatRupees(held)}
        </p>
        <p className="muted">{t('Entry fees waiting for their rooms to start or finish.')}</p>
      </section>
    </div>
  );
};

const TopUp = ({ onMessage }: { onMessage: (m: Message) => void }) => {
  const [busy, setBusy] = useState<number | null>(null);
  const add = async (rupees: number) => {
    setBusy(rupees);
    try {
      const url = await createDeposit(rupees);
      window.location.assign(url);
    } catch (error) {
      onMessage({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
      setBusy(null);
    }
  };
  return (
    <section className="card topup" aria-labelledby="topup-title">
      <h2 id="topup-title">{t('Add money')}</h2>
      <p className="muted">
        {t('Choose an amount to add. You pay on a secure checkout page and come straight back here.')}
      </p>
      <div className="topup-buttons">
        {TOP_UPS.map((rupees) => (
          <button
            key={rupees}
            type="button"
            className="btn btn-accent topup-button"
            disabled={busy !== null}
            aria-busy={busy === rupees}
            onClick={() => void add(rupees)}
          >
            {busy === rupees
              ? t('Opening checkout…')
              : t('Add {amount}', { amount: formatRupees(rupees * 100, { whole: true }) })}
          </button>
        ))}
      </div>
    </section>
  );
};

const amountText = (tx: WalletTransaction) => {
  const amount = `${transactionSign(tx.type)}${formatRupees(tx.amount)}`;
  return tx.balance === 'reward' ? t('{amount} Reward Cash', { amount }) : amount;
};

const Transactions = () => {
  const txStatus = useWalletStore((s) => s.txStatus);
  const transactions = useWalletStore((s) => s.transactions);
  const error = useWalletStore((s) => s.error);
  let body;
  if (txStatus === 'idle' || (txStatus === 'loading' && transactions.length === 0)) {
    body = <p className="wallet-table-note">{t('Loading transactions...')}</p>;
  } else if (txStatus === 'error' && transactions.length === 0) {
    body = <p className="wallet-table-note wallet-table-note--error">{error ?? t('Server error')}</p>;
  } else if (transactions.length === 0) {
    body = <p className="wallet-table-note">{t('No transactions found.')}</p>;
  } else {
    body = (
      <div className="vd-table-wrap">
        <table className="vd-data-table vd-data-table--stack" data-testid="wallet-transactions">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t('Type')}</th>
              <th scope="col">{t('Room')}</th>
              <th scope="col">{t('Product')}</th>
              <th scope="col" className="num">
                {t('Amount')}
              </th>
              <th scope="col">{t('Payment ID')}</th>
              <th scope="col">{t('Date')}</th>
            </tr>
          </thead>
          <tbody>
            {transactions.map((tx, i) => (
              <tr key={tx.id} data-type={tx.type}>
                <td data-label="#">{i + 1}</td>
                <td data-label={t('Type')}>{t(TRANSACTION_LABELS[tx.type] ?? tx.type)}</td>
                <td data-label={t('Room')}>{tx.room_code ?? '—'}</td>
                <td data-label={t('Product')} translate="no">
                  {tx.product_name ?? '—'}
                </td>
                <td
                  data-label={t('Amount')}
                  className={`num ${transactionSign(tx.type) === '+' ? 'amount-in' : 'amount-out'}`}
                >
                  {amountText(tx)}
                </td>
                <td data-label={t('Payment ID')} className="mono" translate="no">
                  {tx.payment_id ?? '—'}
                </td>
                <td data-label={t('Date')}>{formatDateTime(tx.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <section className="wallet-history" aria-labelledby="history-title">
      <h2 id="history-title">{t('Transactions')}</h2>
      {body}
    </section>
  );
};

/** `/wallet`: balances, top-ups through the payment port, and the transaction history. */
export const Wallet = () => {
  usePageTitle(t('Wallet'));
  const status = useSessionStore((s) => s.status);
  const user = useSessionStore((s) => s.user);
  const [message, setMessage] = useState<Message | null>(null);
  const clear = useCallback(() => setMessage(null), []);

  useEffect(() => {
    watchWallet(true);
    return () => watchWallet(false);
  }, []);

  usePaymentReturn(user, {
    load: () => void loadWallet(),
    cancelled: () => {
      setMessage({ tone: 'warning', text: t('Payment cancelled. No money was taken.') });
      void loadWallet();
    },
    paid: (ret) => {
      setMessage({ tone: 'info', text: t('Confirming your payment…') });
      completeDeposit(ret)
        .then((applied) =>
          setMessage(
            applied
              ? { tone: 'success', text: t('Payment successful. Your wallet has been updated.') }
              : { tone: 'info', text: t('Payment received. Your balance will update as soon as it is confirmed.') },
          ),
        )
        .catch((error: unknown) => setMessage({ tone: 'error', text: messageOf(error, t('Server error')) }));
    },
  });

  if (status === 'loading') return <PageLoading label={t('Checking your session…')} />;

  if (!user) {
    return (
      <>
        <ScreenHeader eyebrow={t('Your money')} title={t('Wallet')} />
        <div className="container vd-screen-body">
          <div className="vd-empty-state" data-testid="wallet-logged-out">
            <p className="vd-empty-state-title">{t('Please log in to view your wallet.')}</p>
            <Link to="/login" className="btn btn-primary" state={{ from: '/wallet' }}>
              {t('Login')}
            </Link>
          </div>
        </div>
      </>
    );
  }

  return (
    <>
      <ScreenHeader
        eyebrow={t('Your money')}
        title={t('Wallet')}
        lead={t('Cash pays entry fees and won deals; Reward Cash is for the shop.')}
      />
      <div className="container vd-screen-body wallet-page">
        {message && (
          <Notice tone={message.tone} onClose={clear} testId="wallet-message">
            {message.text}
          </Notice>
        )}
        <Balances />
        <TopUp onMessage={setMessage} />
        <Withdraw />
        <Transactions />
      </div>
    </>
  );
};
