import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { InvoiceDto, Seller } from '../../../../api/contract/shop.ts';
import { api, messageOf } from '../../lib/api.ts';
import { formatDate, formatRupees } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { Notice, Spinner } from './parts.tsx';
import './invoice.css';

type Answer = { seller: Seller; invoice: InvoiceDto; amount_in_words: string };

/** /invoices/:number: a tax invoice to read, print (the page prints without the site around it) or download as PDF. */
export const Invoice = () => {
  const { '*': rest = '' } = useParams();
  const number = rest;
  usePageTitle(`Invoice ${number}`);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api<Answer>(`/api/me/invoices/${number}`)
      .then(setAnswer)
      .catch((e: unknown) => setError(messageOf(e, 'Could not load the invoice. Please try again.')));
  }, [number]);
  if (error) return <Notice kind="error">{error}</Notice>;
  if (!answer) return <Spinner label="Loading the invoice…" />;
  const { seller, invoice: inv } = answer;
  const t = inv.totals;
  return (
    <div className="container shop-page narrow invoice-page">
      <div className="invoice-actions no-print">
        <Link to="/orders">← My Orders</Link>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => window.print()}>
          Print
        </button>
        <a className="btn btn-primary btn-sm" href={`/api/me/invoices/${inv.number}.pdf`} download>
          Download PDF
        </a>
      </div>
      <article className="card invoice" data-testid="invoice">
        <header className="invoice-head">
          <div>
            <h1>Tax invoice</h1>
            <p>
              <strong data-testid="invoice-number">{inv.number}</strong> · {formatDate(inv.at)}
            </p>
          </div>
          <div className="invoice-party">
            <strong>{seller.name}</strong>
            <span>{seller.address}</span>
            <span>GSTIN {seller.gstin}</span>
          </div>
        </header>
        <section className="invoice-party">
          <h2>Bill to</h2>
          <strong>{inv.buyer.name}</strong>
          <span>{inv.buyer.address}</span>
          <span>
            Place of supply: {inv.buyer.state} · For {inv.source.reference}
          </span>
        </section>
        <div className="table-scroll">
          <table className="invoice-lines">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">HSN</th>
                <th scope="col">Qty</th>
                <th scope="col">Taxable value</th>
                <th scope="col">GST</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {inv.lines.map((l) => (
                <tr key={l.description}>
                  <td>
                    {l.description}
                    {l.discountPaise > 0 && (
                      <span className="muted"> (reward cash {formatRupees(l.discountPaise)})</span>
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
          <dt>Taxable value</dt>
          <dd>{formatRupees(t.taxablePaise)}</dd>
          {t.igstPaise > 0 ? (
            <>
              <dt>IGST</dt>
              <dd>{formatRupees(t.igstPaise)}</dd>
            </>
          ) : (
            <>
              <dt>CGST</dt>
              <dd>{formatRupees(t.cgstPaise)}</dd>
              <dt>SGST</dt>
              <dd>{formatRupees(t.sgstPaise)}</dd>
            </>
          )}
          <dt className="invoice-total">Total</dt>
          <dd className="invoice-total">{formatRupees(t.totalPaise)}</dd>
        </dl>
        <p className="invoice-words">{answer.amount_in_words}</p>
        <p className="muted small">This is a computer-generated invoice and needs no signature.</p>
      </article>
    </div>
  );
};
