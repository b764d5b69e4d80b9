import { Hono } from 'hono';
import { z } from 'zod';
import type { InvoiceCommand, InvoiceLineInput } from '../../engine/invoice.ts';
import { amountInWords, hsnFor, INVOICE_STREAM, invoiceDecider } from '../../engine/invoice.ts';
import { roomDecider, roomStream } from '../../engine/room.ts';
import { productById } from '../../projections/catalogue.ts';
import { invoiceByNumber, invoicedSources, invoicesOfUser } from '../../projections/invoices.ts';
import { shopOrderById } from '../../projections/orders.ts';
import { langById } from '../../projections/users.ts';
import { sayBeside } from '../i18n/messages.ts';
import type { AuthEnv } from '../auth/session.ts';
import { currentUser, requireUser } from '../auth/session.ts';
import { handleCommand, loadState } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { describe, pathParams } from '../http/openapi.ts';
import { invoicePdf } from './pdf.ts';
import { projectedNow } from '../projected.ts';

type InvoiceDeps = Pick<Deps, 'clock' | 'commands' | 'store' | 'readDb' | 'log' | 'config' | 'projections'>;

const issue = (deps: InvoiceDeps, data: Omit<InvoiceCommand['data'], 'sellerState' | 'now'>) => {
  const now = deps.clock.now();
  return handleCommand(
    deps.commands,
    INVOICE_STREAM,
    invoiceDecider,
    { type: 'IssueInvoice', data: { ...data, sellerState: deps.config.SELLER_STATE, now } },
    { actor: 'system', now, commandId: `invoice:${data.source.kind}:${data.source.id}` },
  );
};

/** A paid shop order's invoice: each line at its price, reward cash as that line's discount. */
const invoiceShopOrder = async (deps: InvoiceDeps, orderId: string) => {
  const order = shopOrderById(deps.readDb, orderId);
  if (!order || order.status !== 'paid') return;
  const lines: InvoiceLineInput[] = order.lines.map((l) => {
    const { hsn, rate } = hsnFor(productById(deps.readDb, l.productId)?.category ?? '');
    return {
      description: `${l.name} (${l.productCode})`,
      hsn,
      rate,
      quantity: l.quantity,
      unitPaise: l.price,
      discountPaise: l.appliedReward,
    };
  });
  await issue(deps, {
    source: { kind: 'shop_order', id: order.id, reference: order.orderCode },
    buyer: { userId: order.userId, name: order.fullName, address: order.address, state: deps.config.SELLER_STATE },
    lines,
  });
};

/** A won deal bought: one line at the buyer's price (the winner's, or a runner-up's last deal), delivered to the purchase address. */
const invoiceDealPurchase = async (deps: InvoiceDeps, code: string) => {
  const { state } = await loadState(deps.store, roomStream(code), roomDecider);
  // Only the holder of the purchase offer can buy, so the holder is the buyer.
  if (state.status !== 'ended' || !state.purchase || !state.offer) return;
  const { offer } = state;
  const a = state.purchase.address;
  const { hsn, rate } = hsnFor(productById(deps.readDb, state.rules.product.id)?.category ?? '');
  // How the buyer came to buy it, in their words as the PDF's labels are (a Tamil buyer: Tamil / English).
  const lang = langById(deps.readDb, offer.userId);
  const how = sayBeside(lang, offer.place === 0 ? 'invoice.wonIn' : 'invoice.runnerUpIn', { room: code });
  await issue(deps, {
    source: { kind: 'deal_purchase', id: code, reference: `Deal room ${code}` },
    buyer: {
      userId: offer.userId,
      name: a.full_name,
      address: [a.address_line1, a.address_line2, a.landmark, `${a.city} ${a.pincode}`, a.state]
        .filter(Boolean)
        .join(', '),
      state: a.state,
    },
    lines: [
      {
        description: `${state.rules.product.name} (${state.rules.product.code}), ${how}`,
        hsn,
        rate,
        quantity: 1,
        unitPaise: state.purchase.amount,
        discountPaise: 0,
      },
    ],
  });
};

export interface Invoicing {
  /** Resolves once every invoice triggered so far is issued (tests). */
  settled(): Promise<void>;
  stop(): void;
}

/**
 * Issues the invoice of every paid shop order and bought deal once its payment is projected, and
 * at start-up any the last run missed (a crash between the payment and the invoice).
 */
export const startInvoicing = async (deps: InvoiceDeps): Promise<Invoicing> => {
  let chain: Promise<unknown> = Promise.resolve();
  const queue = (work: () => Promise<unknown>, what: string) => {
    chain = chain
      .then(work)
      .catch((error: unknown) => deps.log.error('invoice failed; retried at start-up', { what, error }));
  };
  const unsubscribe = deps.projections.onApplied((events) => {
    for (const e of events) {
      if (e.type === 'ShopOrderPaid' && e.streamName.startsWith('order-')) {
        const id = e.streamName.slice('order-'.length);
        queue(() => invoiceShopOrder(deps, id), `order ${id}`);
      }
      if (e.type === 'RoomPurchased' && e.streamName.startsWith('room-')) {
        const code = e.streamName.slice('room-'.length);
        queue(() => invoiceDealPurchase(deps, code), `room ${code}`);
      }
    }
  });
  const orders = invoicedSources(deps.readDb, 'shop_order');
  for (const { id } of deps.readDb.sqlite
    .prepare<[], { id: string }>("SELECT id FROM rm_shop_orders WHERE status = 'paid' ORDER BY rowid")
    .all()) {
    if (!orders.has(id)) queue(() => invoiceShopOrder(deps, id), `order ${id}`);
  }
  const rooms = invoicedSources(deps.readDb, 'deal_purchase');
  for (const { code } of deps.readDb.sqlite
    .prepare<[], { code: string }>('SELECT code FROM rm_rooms WHERE purchased_at IS NOT NULL ORDER BY purchased_at')
    .all()) {
    if (!rooms.has(code)) queue(() => invoiceDealPurchase(deps, code), `room ${code}`);
  }
  await chain;
  return {
    settled: async () => {
      await projectedNow(deps);
      await chain;
    },
    stop: unsubscribe,
  };
};

const NumberParam = z.object({ number: z.string().regex(/^VD\/\d{4}-\d{2}\/\d{6}$/) });

/** A member's invoices (admins and auditors read any): the list, one as JSON, and one as a PDF. */
export const invoiceRoutes = (deps: Pick<Deps, 'readDb' | 'config'>) => {
  const seller = () => ({
    name: deps.config.SELLER_NAME,
    gstin: deps.config.SELLER_GSTIN,
    address: deps.config.SELLER_ADDRESS,
    state: deps.config.SELLER_STATE,
  });
  const mine = (c: { req: { param: (k: 'number') => string } }, user: { id: string; role: string }) => {
    const inv = invoiceByNumber(deps.readDb, decodeURIComponent(c.req.param('number')));
    const staff = user.role === 'admin' || user.role === 'auditor';
    if (!inv || (!staff && inv.buyer.userId !== user.id))
      throw new ApiError(404, 'INVOICE_NOT_FOUND', 'Invoice not found');
    return inv;
  };
  return new Hono<AuthEnv>()
    .use(requireUser)
    .get('/', describe({ summary: 'My tax invoices, newest first', tags: ['shop'] }), (c) =>
      c.json({ seller: seller(), invoices: invoicesOfUser(deps.readDb, currentUser(c).id) }),
    )
    .get('/:number{.+\\.pdf}', describe({ summary: 'A tax invoice as PDF', tags: ['shop'] }), async (c) => {
      const number = decodeURIComponent(c.req.param('number')).replace(/\.pdf$/, '');
      if (!NumberParam.safeParse({ number }).success) throw new ApiError(404, 'INVOICE_NOT_FOUND', 'Invoice not found');
      const inv = mine({ req: { param: () => number } }, currentUser(c));
      // In the buyer's language, whoever downloads it (an admin or auditor gets the member's copy).
      const pdf = await invoicePdf(inv, seller(), langById(deps.readDb, inv.buyer.userId));
      c.header('Content-Type', 'application/pdf');
      c.header('Content-Disposition', `attachment; filename="${inv.number.replace(/\//g, '-')}.pdf"`);
      c.header('Cache-Control', 'private, no-store');
      return c.body(new Uint8Array(pdf));
    })
    .get('/:number{.+}', describe({ summary: 'A tax invoice', tags: ['shop'] }), pathParams(NumberParam), (c) => {
      const inv = mine(c, currentUser(c));
      return c.json({ seller: seller(), invoice: inv, amount_in_words: amountInWords(inv.totals.totalPaise) });
    });
};
