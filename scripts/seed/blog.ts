import { publishPost } from '../../api/blog/routes.ts';
import type { Deps } from '../../api/deps.ts';
import type { PostAuthor, PostContent } from '../../engine/blog.ts';
import type { Actor } from '../../engine/eventStore.ts';
import { blogPostById } from '../../projections/blog.ts';
import { userByEmail } from '../../projections/users.ts';

const DAY = 86_400_000;

/** Three demo posts for members in Tamil Nadu, oldest first; `daysAgo` sets their publishing time. */
export const DEMO_POSTS: (PostContent & { id: string; daysAgo: number })[] = [
  {
    id: 'demo-deal-room-guide',
    daysAgo: 9,
    title: 'Your first deal room: a step-by-step guide',
    slug: 'first-deal-room-guide',
    summary:
      'How pre-booking, the entry fee and the live round work, so your first deal in Chennai, Madurai or Thanjavur goes smoothly.',
    body: [
      'A deal room opens with a fixed number of seats. Pre-book a seat from the Deals page: the entry fee, often ₹50 or ₹100, moves from your wallet cash into the room until the deal is decided.',
      'When every seat is taken and the start time arrives, the room goes live. Each offer raises the price by the room’s fixed step, for example ₹10, and restarts the round timer. You cannot offer twice in a row, and each member has a limited number of attempts.',
      'The last offer standing when the timer runs out wins. The winner then has one hour to complete the purchase at the final price, with ₹0 delivery charge.',
      'If you do not win, your entry fee comes back to you as Reward Cash, which you can spend in the shop. If the room does not fill up in time, the fee goes straight back to your wallet cash.',
    ].join('\n\n'),
  },
  {
    id: 'demo-reward-cash-tips',
    daysAgo: 5,
    title: 'Five ways to get more from your Reward Cash',
    slug: 'reward-cash-tips',
    summary:
      'Reward Cash cannot be withdrawn, but it can take hundreds of rupees off a shop order. Here is how members in Coimbatore and Salem use it.',
    body: [
      '1. Check your balance in the header. Wallet cash and Reward Cash are shown rounded to whole rupees, so you always know what you have.',
      '2. Use it at checkout. Each product allows a number of reward points per unit (1 point = ₹1). Slide the reward slider to the maximum to bring a ₹1,499 pressure cooker down by up to its point limit.',
      '3. Combine it with shop offers. Market-price products often sit well below their printed price; Reward Cash comes off on top.',
      '4. Plan for festival buying. Save Reward Cash from a few deal rooms and spend it on Pongal or Deepavali gifts for the family.',
      '5. Remember what it cannot do: Reward Cash cannot be withdrawn as cash or used to enter other deal rooms. Keep some wallet cash for your next pre-book.',
    ].join('\n\n'),
  },
  {
    id: 'demo-deepavali-crackers',
    daysAgo: 2,
    title: 'Deepavali crackers: order early in Thanjavur and Thiruvarur',
    slug: 'deepavali-crackers-order-early',
    summary: 'Minimum order ₹2,000, delivery dates by order date, and how to check your order with your referral code.',
    body: [
      'Our seasonal crackers catalogue delivers to Thanjavur and Thiruvarur districts. Reserve the items you want and place one order of at least ₹2,000.',
      'Order by 6 October for delivery by 10 October. Orders from 7 to 10 October are delivered by 14 October.',
      'Keep the referral code you ordered with: anyone in the family can check the order’s status with it from the crackers page, no login needed.',
      'Safety first: buy from a licensed seller, keep a bucket of water and sand nearby, and let the children light sparklers only with an adult beside them. Happy Deepavali!',
    ].join('\n\n'),
  },
];

const TEAM: PostAuthor = { userId: 'system', name: 'Vetri Deals Team' };

/** The demo blog posts, written by the seeded admin when there is one. Safe to run again. */
export const seedBlog = async (deps: Deps): Promise<void> => {
  const admin = userByEmail(deps.readDb, deps.config.ADMIN_EMAIL.toLowerCase());
  const author: PostAuthor = admin ? { userId: admin.id, name: admin.name } : TEAM;
  const actor: Actor = admin ? { userId: admin.id, role: 'admin' } : 'system';
  const now = deps.clock.now();
  for (const { id, daysAgo, ...content } of DEMO_POSTS) {
    if (blogPostById(deps.readDb, id)) continue;
    await publishPost(deps, id, content, author, { actor, now: now - daysAgo * DAY, commandId: `seed-blog-${id}` });
  }
};
