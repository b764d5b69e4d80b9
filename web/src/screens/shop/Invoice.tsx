import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { InvoiceDto, Seller } from '../../../../api/contract/shop.ts';
import { currentLang, t } from '../../i18n/index.ts';
import { api, messageOf } from '../../lib/api.ts';
import { formatDate, formatRupees } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { Notice, Spinner } from './parts.tsx';
import './invoice.css';

type Answer = { seller: Seller; invoice: InvoiceDto; amount_in_words: string };

/** A tax document's legal label: in Tamil it reads "Tamil / English", the English kept as the law words it. */
const legal = (text: string) =>
  currentLang() === 'en' ? (
    text
  ) : (
    <>
      {t(text)} /{' '}
      <span lang="en" translate="no">
        {text}
      </span>
    </>
  );

/** /invoices/:number: a tax invoice to read, print (the page prints without the site around it) or download as PDF. */
export const Invoice = () => {
  const { '*': rest = '' } = useParams();
  const number = rest;
  usePageTitle(t('Invoice {number}', { number }));
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<Answer>(`/api/me/invoices/${number}`)
      .then(setAnswer)
      .catch((e: unknown) => setError(messageOf(e, t('Could not load the invoice. Please try again.'))));
  }, [number]);
  if (error) return <Notice kind="error">{error}</Notice>;
  if (!answer) return <Spinner label={t('Loading the invoice…')} />;
  const { seller, invoice: inv } = answer;
  const totals = inv.totals;
  return (
    <div className="container shop-page narrow invoice-page">
      <div className="invoice-actions no-print">
        <Link to="/orders">← {t('My Orders')}</Link>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => window.print()}>
          {t('Print')}
        </button>
        <a className="btn btn-primary btn-sm" href={`/api/me/invoices/${inv.number}.pdf`} download>
          {t('Download PDF')}
        </a>
      </div>
      <article className="card invoice" data-testid="invoice">
        <header className="invoice-head">
          <div>
            <h1>{legal('Tax invoice')}</h1>
            <p>
              <strong data-testid="invoice-number">{inv.number}</strong> · {formatDate(inv.at)}
            </p>
          </div>
          <div className="invoice-party">
            <strong translate="no">{seller.name}</strong>
            <span translate="no">{seller.address}</span>
            <span>GSTIN {seller.gstin}</span>
          </div>
        </header>
        <section className="invoice-party">
          <h2>{legal('Bill to')}</h2>
          <strong translate="no">{inv.buyer.name}</strong>
          <span translate="no">{inv.buyer.address}</span>
          <span>
            {legal('Place of supply')}: <span translate="no">{inv.buyer.state}</span> · {t('For')}{' '}
            {inv.source.kind === 'deal_purchase' ? (
              t('Deal room {code}', { code: inv.source.id })
            ) : (
              <span translate="no">{inv.source.reference}</span>
            )}
          </span>
        </section>
        <div className="table-scroll">
          <table className="invoice-lines">
            <thead>
              <tr>
                <th scope="col">{legal('Item')}</th>
                <th scope="col">HSN</th>
                <th scope="col">{legal('Qty')}</th>
                <th scope="col">{legal('Taxable value')}</th>
                <th scope="col">GST</th>
                <th scope="col">{legal('Amount')}</th>
              </tr>
            </thead>
            <tbody>
              {inv.lines.map((l) => (
                <tr key={l.description}>
                  <td>
                    <span translate="no">{l.description}</span>
                    {l.discountPaise > 0 && (
                      <span className="muted">
                        {' '}
                        {t('(reward cash {amount})', { amount: formatRupees(l.discountPaise) })}
                      </span>
                    )}
                  </td>
                  <td>{l.hsn}</td>
                  <td>{l.quantity}</td>
                  <td>{formatRupees(l.taxablePaise)}</td>
                  <td>{l.rate}%</td>
                  <td>{formatRupees(l.totalPaise)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="invoice-totals" data-testid="invoice-totals">
          <dt>{legal('Taxable value')}</dt>
          <dd>{formatRupees(totals.taxablePaise)}</dd>
          {totals.igstPaise > 0 ? (
            <>
              <dt>IGST</dt>
              <dd>{formatRupees(totals.igstPaise)}</dd>
            </>
          ) : (
            <>
              <dt>CGST</dt>
              <dd>{formatRupees(totals.cgstPaise)}</dd>
              <dt>SGST</dt>
              <dd>{formatRupees(totals.sgstPaise)}</dd>
            </>
          )}
          <dt className="invoice-total">{legal('Total')}</dt>
          <dd className="invoice-total">{formatRupees(totals.totalPaise)}</dd>
        </dl>
        <p className="invoice-words" lang="en" translate="no">
          {answer.amount_in_words}
        </p>
        <p className="muted small">{legal('This is a computer-generated invoice and needs no signature.')}</p>
      </article>
    </div>
  );
};
