import { cartProjector } from './cart.ts';
import { catalogueProjector } from './catalogue.ts';
import { shopTaxonomyProjector } from './shopTaxonomy.ts';
import { crackersProjector } from './crackers.ts';
import { crackersSeasonProjector } from './crackersSeason.ts';
import { leagueProjector } from './league.ts';
import { ordersProjector } from './orders.ts';
import type { Projector } from './projector.ts';
import { referralsProjector } from './referrals.ts';
import { streamsProjector } from './streams.ts';
import { eventIndexProjector } from './eventIndex.ts';
import { usersProjector } from './users.ts';
import { walletsProjector } from './wallets.ts';
import { roomsProjector } from './rooms.ts';
import { blogProjector } from './blog.ts';
import { merkleProjector } from './merkle.ts';
import { newsletterProjector } from './newsletter.ts';
import { withdrawalsProjector } from './withdrawals.ts';
import { revenueProjector } from './revenue.ts';
import { invoicesProjector } from './invoices.ts';
import { memberCostsProjector } from './memberCosts.ts';
import { integrityProjector } from './integrity.ts';

/** Every read model of the product, in the order they are applied. */
export const allProjectors: readonly Projector[] = [
  streamsProjector,
  eventIndexProjector,
  usersProjector,
  referralsProjector,
  leagueProjector,
  catalogueProjector,
  shopTaxonomyProjector,
  cartProjector,
  ordersProjector,
  crackersProjector,
  crackersSeasonProjector,
  walletsProjector,
  roomsProjector,
  blogProjector,
  newsletterProjector,
  withdrawalsProjector,
  revenueProjector,
  invoicesProjector,
  memberCostsProjector,
  integrityProjector,
  merkleProjector,
];
