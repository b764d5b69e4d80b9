/**
 * What the server writes to members (mails, notifications, push), in English and Tamil, by message
 * id, with the same `{placeholders}` in both. The recipient's language is the users read model's
 * `lang` (or, before an account exists, the language the request was made in). Money is formatted
 * with en-IN or ta-IN, times in Asia/Kolkata; product, room, team and player names are data and
 * are not translated.
 */
import type { Lang } from '../../engine/user.ts';

export type { Lang };

const MESSAGES = {
  // ── Registration (api/auth/routes.ts) ─────────────────────────────────────────────────────
  'otp.subject': { en: 'Your Vetri Deals code: {code}', ta: 'உங்கள் Vetri Deals குறியீடு: {code}' },
  'otp.text': {
    en: 'Your Vetri Deals verification code is {code}. It is valid for 10 minutes. If you did not ask for it, ignore this mail.',
    ta: 'உங்கள் Vetri Deals சரிபார்ப்புக் குறியீடு {code}. இது 10 நிமிடங்களுக்குச் செல்லுபடியாகும். நீங்கள் இதைக் கேட்கவில்லை என்றால், இந்த மின்னஞ்சலைப் புறக்கணியுங்கள்.',
  },
  'otpTaken.subject': {
    en: 'Someone tried to register with your email',
    ta: 'உங்கள் மின்னஞ்சலைக் கொண்டு யாரோ பதிவு செய்ய முயன்றனர்',
  },
  'otpTaken.text': {
    en: 'Someone asked to register a new Vetri Deals account with this email, which already has one. If it was you, log in instead, or use "Forgot password?" on the login page. If it was not you, ignore this mail: nothing was changed.',
    ta: 'ஏற்கெனவே ஒரு கணக்கு உள்ள இந்த மின்னஞ்சலைக் கொண்டு புதிய Vetri Deals கணக்கைப் பதிவு செய்ய யாரோ கேட்டனர். அது நீங்கள் என்றால், பதிவு செய்வதற்குப் பதிலாக உள்நுழையுங்கள், அல்லது உள்நுழைவுப் பக்கத்தில் உள்ள "கடவுச்சொல் மறந்துவிட்டதா?" என்பதைப் பயன்படுத்துங்கள். அது நீங்கள் இல்லை என்றால், இந்த மின்னஞ்சலைப் புறக்கணியுங்கள்: எதுவும் மாற்றப்படவில்லை.',
  },

  // ── Passwords (api/auth/passwordRoutes.ts) ────────────────────────────────────────────────
  'reset.subject': { en: 'Reset your Vetri Deals password', ta: 'உங்கள் Vetri Deals கடவுச்சொல்லை மீட்டமையுங்கள்' },
  'reset.text': {
    en: 'Someone asked to reset the password of your Vetri Deals account. To choose a new password, open this link within 30 minutes:\n\n{link}\n\nThe link works once. If you did not ask for it, ignore this mail: your password stays as it is.',
    ta: 'உங்கள் Vetri Deals கணக்கின் கடவுச்சொல்லை மீட்டமைக்க யாரோ கேட்டனர். புதிய கடவுச்சொல்லைத் தேர்வுசெய்ய, 30 நிமிடங்களுக்குள் இந்த இணைப்பைத் திறங்கள்:\n\n{link}\n\nஇந்த இணைப்பு ஒருமுறை மட்டுமே வேலை செய்யும். நீங்கள் இதைக் கேட்கவில்லை என்றால், இந்த மின்னஞ்சலைப் புறக்கணியுங்கள்: உங்கள் கடவுச்சொல் மாறாமல் அப்படியே இருக்கும்.',
  },
  'passwordChanged.subject': {
    en: 'Your Vetri Deals password was changed',
    ta: 'உங்கள் Vetri Deals கடவுச்சொல் மாற்றப்பட்டது',
  },
  'passwordReset.text': {
    en: 'The password of your Vetri Deals account was just reset with a link mailed to you, and every device was logged out. If this was not you, reset it again now and write to support@vetrideals.in.',
    ta: 'உங்களுக்கு மின்னஞ்சலில் அனுப்பப்பட்ட இணைப்பின் மூலம் உங்கள் Vetri Deals கணக்கின் கடவுச்சொல் இப்போது மீட்டமைக்கப்பட்டது; எல்லாச் சாதனங்களிலிருந்தும் வெளியேற்றப்பட்டது. இது நீங்கள் இல்லை என்றால், உடனே மீண்டும் மீட்டமைத்து support@vetrideals.in முகவரிக்கு எழுதுங்கள்.',
  },
  'passwordChanged.text': {
    en: 'The password of your Vetri Deals account was just changed from your profile, and your other devices were logged out. If this was not you, reset it now with "Forgot password?" on the login page and write to support@vetrideals.in.',
    ta: 'உங்கள் சுயவிவரத்திலிருந்து உங்கள் Vetri Deals கணக்கின் கடவுச்சொல் இப்போது மாற்றப்பட்டது; உங்கள் மற்ற சாதனங்களிலிருந்து வெளியேற்றப்பட்டது. இது நீங்கள் இல்லை என்றால், உள்நுழைவுப் பக்கத்தில் உள்ள "கடவுச்சொல் மறந்துவிட்டதா?" மூலம் உடனே மீட்டமைத்து support@vetrideals.in முகவரிக்கு எழுதுங்கள்.',
  },

  // ── Newsletter (api/newsletter/routes.ts) ─────────────────────────────────────────────────
  'newsletter.subject': {
    en: 'Confirm your Vetri Deals newsletter subscription',
    ta: 'உங்கள் Vetri Deals செய்திமடல் சந்தாவை உறுதிசெய்யுங்கள்',
  },
  'newsletter.text': {
    en: 'Someone, hopefully you, asked for the Vetri Deals newsletter at this address.\n\nConfirm your subscription (the link works for 7 days): {link}\n\nIf it was not you, ignore this mail: you will not be subscribed.',
    ta: 'இந்த முகவரிக்கு Vetri Deals செய்திமடலை யாரோ (நீங்கள்தான் என நம்புகிறோம்) கேட்டுள்ளனர்.\n\nஉங்கள் சந்தாவை உறுதிசெய்யுங்கள் (இணைப்பு 7 நாட்களுக்கு வேலை செய்யும்): {link}\n\nஅது நீங்கள் இல்லை என்றால், இந்த மின்னஞ்சலைப் புறக்கணியுங்கள்: சந்தா சேர்க்கப்படாது.',
  },
  'newsletter.footer': {
    en: '{body}\n\n—\nYou get this because you subscribed to the Vetri Deals newsletter.\nUnsubscribe in one step: {link}',
    ta: '{body}\n\n—\nநீங்கள் Vetri Deals செய்திமடலுக்குச் சந்தா செய்ததால் இது உங்களுக்கு வருகிறது.\nஒரே படியில் சந்தாவை நிறுத்துங்கள்: {link}',
  },

  // ── Notifications (api/notify/rules.ts, notifier.ts) ──────────────────────────────────────
  'notify.mail': {
    en: '{body}\n\nOpen: {url}\n\nChoose which notifications you get on your profile page.',
    ta: '{body}\n\nதிறக்க: {url}\n\nஎந்த அறிவிப்புகள் உங்களுக்கு வர வேண்டும் என்பதை உங்கள் சுயவிவரப் பக்கத்தில் தேர்வுசெய்யுங்கள்.',
  },
  'room.fallbackName': { en: 'Room {room}', ta: 'அறை {room}' },
  'room_starting_soon.title': {
    en: '{product} starts in 10 minutes',
    ta: '{product} இன்னும் 10 நிமிடங்களில் தொடங்குகிறது',
  },
  'room_starting_soon.body': {
    en: 'Room {room} opens at {time}. Join from Deals to place your deals.',
    ta: 'அறை {room} {time} மணிக்குத் திறக்கும். உங்கள் டீல்களைச் செய்ய டீல்கள் பக்கத்திலிருந்து சேருங்கள்.',
  },
  'room_started.title': { en: '{product} has started', ta: '{product} தொடங்கிவிட்டது' },
  'room_started.body': {
    en: 'Room {room} is live. Join now to place your deals.',
    ta: 'அறை {room} இப்போது நேரலையில் உள்ளது. உங்கள் டீல்களைச் செய்ய இப்போதே சேருங்கள்.',
  },
  'room_cancelled.title': { en: 'Room {room} was cancelled', ta: 'அறை {room} ரத்துசெய்யப்பட்டது' },
  'room_cancelled.byOrganisers': {
    en: '{product} was cancelled by the organisers: {remark}. Your entry fee of {fee} is back in your wallet.',
    ta: '{product} ஏற்பாட்டாளர்களால் ரத்துசெய்யப்பட்டது: {remark}. உங்கள் நுழைவுக் கட்டணம் {fee} உங்கள் வாலட்டுக்குத் திரும்பியது.',
  },
  'room_cancelled.notFilled': {
    en: '{product} did not fill, so the room was cancelled. Your entry fee of {fee} is back in your wallet.',
    ta: '{product} அறை நிரம்பாததால் ரத்துசெய்யப்பட்டது. உங்கள் நுழைவுக் கட்டணம் {fee} உங்கள் வாலட்டுக்குத் திரும்பியது.',
  },
  'outbid.title': {
    en: 'Someone placed a deal after yours',
    ta: 'உங்கள் டீலுக்குப் பிறகு வேறொருவர் டீல் செய்துள்ளார்',
  },
  'outbid.body': {
    en: '{name} leads {product} at {amount}. The round ends at {time}.',
    ta: '{product} இல் {name} {amount} உடன் முன்னிலையில் உள்ளார். சுற்று {time} மணிக்கு முடியும்.',
  },
  'won.title': { en: 'You won {product}!', ta: 'நீங்கள் {product} வென்றீர்கள்!' },
  'won.body': { en: 'Pay {amount} by {time} to buy it.', ta: 'இதை வாங்க {time} மணிக்குள் {amount} செலுத்துங்கள்.' },
  'payment_reminder.title': {
    en: '{minutes} minutes left to pay for {product}',
    ta: '{product} க்குப் பணம் செலுத்த இன்னும் {minutes} நிமிடங்களே உள்ளன',
  },
  'payment_reminder.body': {
    en: 'Pay {amount} by {time}, or the win lapses.',
    ta: '{time} மணிக்குள் {amount} செலுத்துங்கள், இல்லையெனில் உங்கள் வெற்றி காலாவதியாகும்.',
  },
  'purchase_window_closed.title': {
    en: 'The time to buy {product} has passed',
    ta: '{product} வாங்குவதற்கான நேரம் கடந்துவிட்டது',
  },
  'purchase_window_closed.body': {
    en: 'The one-hour purchase window of room {room} closed without a payment.',
    ta: 'அறை {room} இன் ஒரு மணி நேர வாங்கும் அவகாசம் பணம் செலுத்தப்படாமல் முடிந்தது.',
  },
  'purchase_passed.body': {
    en: 'The purchase window of room {room} closed without a payment, so the item was offered to the next member.',
    ta: 'அறை {room} இன் வாங்கும் அவகாசம் பணம் செலுத்தப்படாமல் முடிந்ததால், பொருள் அடுத்த உறுப்பினருக்கு வழங்கப்பட்டது.',
  },
  'purchase_offered.title': { en: '{product} is offered to you', ta: '{product} உங்களுக்கு வழங்கப்படுகிறது' },
  'purchase_offered.body': {
    en: 'The item in room {room} is offered to you at {amount}, your last deal. Buy by {time}.',
    ta: 'அறை {room} இல் உள்ள பொருள் உங்கள் கடைசி டீலான {amount} விலையில் உங்களுக்கு வழங்கப்படுகிறது. {time} மணிக்குள் வாங்குங்கள்.',
  },
  'offer_reminder.title': {
    en: '{minutes} minutes left to buy {product}',
    ta: '{product} வாங்க இன்னும் {minutes} நிமிடங்களே உள்ளன',
  },
  'offer_reminder.body': {
    en: 'Pay {amount} by {time}, or the offer passes on.',
    ta: '{time} மணிக்குள் {amount} செலுத்துங்கள், இல்லையெனில் வாய்ப்பு அடுத்தவருக்குச் செல்லும்.',
  },
  'refund_credited.title': {
    en: 'Refund: {amount} is back in your wallet',
    ta: 'பணம் திருப்பித் தரப்பட்டது: {amount} உங்கள் வாலட்டுக்குத் திரும்பியது',
  },
  'refund_credited.body': {
    en: 'Your entry fee for {product} (room {room}) is back in your wallet.',
    ta: '{product} (அறை {room}) க்கான உங்கள் நுழைவுக் கட்டணம் உங்கள் வாலட்டுக்குத் திரும்பியது.',
  },
  'reward_credited.title': { en: '{amount} reward cash', ta: '{amount} வெகுமதிப் பணம்' },
  'reward_credited.fromFee': {
    en: 'Your entry fee for {product} (room {room}) became reward cash. Spend it in the shop.',
    ta: '{product} (அறை {room}) க்கான உங்கள் நுழைவுக் கட்டணம் வெகுமதிப் பணமாக மாறியது. அதைக் கடையில் செலவிடுங்கள்.',
  },
  'reward_credited.fromRoom': {
    en: 'From room {room}. Spend it in the shop.',
    ta: 'அறை {room} இலிருந்து. அதைக் கடையில் செலவிடுங்கள்.',
  },
  'reward_credited.body': { en: 'Spend it in the shop.', ta: 'அதைக் கடையில் செலவிடுங்கள்.' },
  'withdrawal_paid.title': { en: '{amount} sent', ta: '{amount} அனுப்பப்பட்டது' },
  'withdrawal_paid.body': {
    en: 'Your withdrawal was paid to {destination}.',
    ta: 'நீங்கள் எடுத்த பணம் {destination} க்குச் செலுத்தப்பட்டது.',
  },
  'withdrawal_rejected.title': { en: 'Withdrawal rejected', ta: 'பணம் எடுத்தல் நிராகரிக்கப்பட்டது' },
  'withdrawal_rejected.body': {
    en: '{amount} is back in your wallet. Reason: {reason}',
    ta: '{amount} உங்கள் வாலட்டுக்குத் திரும்பியது. காரணம்: {reason}',
  },
  'withdrawal_failed.title': {
    en: 'Withdrawal could not be paid',
    ta: 'பணம் எடுத்தலைச் செலுத்த முடியவில்லை',
  },
  'withdrawal_failed.body': {
    en: '{amount} is back in your wallet. {reason}',
    ta: '{amount} உங்கள் வாலட்டுக்குத் திரும்பியது. {reason}',
  },
  'access_granted.title': { en: 'You have full access', ta: 'உங்களுக்கு முழு அணுகல் கிடைத்துவிட்டது' },
  'access_granted.body': {
    en: 'An admin granted you full access. You can now pre-book deal rooms and place deals.',
    ta: 'நிர்வாகி உங்களுக்கு முழு அணுகலை வழங்கினார். இப்போது நீங்கள் டீல் அறைகளை முன்பதிவு செய்து டீல்களைச் செய்யலாம்.',
  },
  'order_paid.title': { en: 'Order paid', ta: 'ஆர்டருக்குப் பணம் செலுத்தப்பட்டது' },
  'order_paid.body': { en: 'We received {amount} for your order.', ta: 'உங்கள் ஆர்டருக்கு {amount} பெற்றோம்.' },
  'order_refunded.title': {
    en: 'Order cancelled: {amount} is back in your wallet',
    ta: 'ஆர்டர் ரத்துசெய்யப்பட்டது: {amount} உங்கள் வாலட்டுக்குத் திரும்பியது',
  },
  'order_refunded.body': {
    en: 'Your order {order} was cancelled. What you paid is in your wallet as cash, and any Reward Cash you used is back.',
    ta: 'உங்கள் ஆர்டர் {order} ரத்துசெய்யப்பட்டது. நீங்கள் செலுத்திய தொகை உங்கள் வாலட்டில் பணமாக உள்ளது; பயன்படுத்திய வெகுமதிப் பணமும் திரும்பியது.',
  },
  'order_refunded_reward.title': {
    en: 'Order cancelled: {amount} of Reward Cash is back',
    ta: 'ஆர்டர் ரத்துசெய்யப்பட்டது: {amount} வெகுமதிப் பணம் திரும்பியது',
  },
  'order_refunded_reward.body': {
    en: 'Your order {order} was cancelled. The Reward Cash you used is back.',
    ta: 'உங்கள் ஆர்டர் {order} ரத்துசெய்யப்பட்டது. நீங்கள் பயன்படுத்திய வெகுமதிப் பணம் திரும்பியது.',
  },
  'order_shipped.title': { en: 'Your order is on its way', ta: 'உங்கள் ஆர்டர் வந்துகொண்டிருக்கிறது' },
  'order_shipped.body': { en: 'Your shop order has been shipped.', ta: 'உங்கள் கடை ஆர்டர் அனுப்பப்பட்டது.' },
  'crackers_confirmed.title': { en: 'Crackers order placed', ta: 'பட்டாசு ஆர்டர் செய்யப்பட்டது' },
  'crackers_confirmed.body': {
    en: 'We have your crackers order of {amount} (order {order}).',
    ta: '{amount} மதிப்பிலான உங்கள் பட்டாசு ஆர்டர் எங்களுக்குக் கிடைத்தது (ஆர்டர் {order}).',
  },
  'league_player_sold.yours': { en: 'Your team bought a player', ta: 'உங்கள் அணி ஒரு வீரரை வாங்கியது' },
  'league_player_sold.title': { en: 'A player was sold', ta: 'ஒரு வீரர் விற்கப்பட்டார்' },
  'league_player_sold.body': {
    en: '{player} went to {team} for {price} points.',
    ta: '{player} {price} புள்ளிகளுக்கு {team} அணிக்குச் சென்றார்.',
  },
  'league.somePlayer': { en: 'A player', ta: 'ஒரு வீரர்' },
  'league.someTeam': { en: 'a team', ta: 'ஒரு' },

  // ── Tax invoice PDF (api/invoices/pdf.ts): for a Tamil buyer each label reads "Tamil / English" ──
  'invoice.title': { en: 'Tax Invoice', ta: 'வரி விலைப்பட்டியல்' },
  'invoice.number': { en: 'Invoice no.', ta: 'விலைப்பட்டியல் எண்' },
  'invoice.date': { en: 'Date', ta: 'தேதி' },
  'invoice.seller': { en: 'Seller', ta: 'விற்பனையாளர்' },
  'invoice.billTo': { en: 'Bill to', ta: 'பில் பெறுநர்' },
  'invoice.state': { en: 'State', ta: 'மாநிலம்' },
  'invoice.placeOfSupply': { en: 'Place of supply', ta: 'வழங்கல் இடம்' },
  'invoice.for': { en: 'For', ta: 'இதற்கு' },
  'invoice.order': { en: 'Order {order}', ta: 'ஆர்டர் {order}' },
  'invoice.dealRoom': { en: 'Deal room {room}', ta: 'டீல் அறை {room}' },
  // A deal purchase's invoice line, after the product: how the buyer came to buy it.
  'invoice.wonIn': { en: 'won in deal room {room}', ta: 'டீல் அறை {room}-இல் வென்றது' },
  'invoice.runnerUpIn': {
    en: 'offered as runner-up in deal room {room}',
    ta: 'டீல் அறை {room}-இல் இரண்டாம் இடத்தவராக வழங்கப்பட்டது',
  },
  'invoice.item': { en: 'Item', ta: 'பொருள்' },
  'invoice.qty': { en: 'Qty', ta: 'அளவு' },
  'invoice.taxable': { en: 'Taxable value', ta: 'வரிக்குட்பட்ட மதிப்பு' },
  'invoice.rate': { en: 'GST rate', ta: 'வரி விகிதம்' },
  'invoice.ratePercent': { en: 'GST %', ta: 'வரி %' },
  'invoice.tax': { en: 'GST', ta: 'வரி' },
  'invoice.amount': { en: 'Amount', ta: 'தொகை' },
  'invoice.reward': { en: 'Reward cash applied: {amount}', ta: 'பயன்படுத்திய வெகுமதிப் பணம்: {amount}' },
  'invoice.unitPrice': { en: '{qty} × {price} each', ta: '{qty} × ஒன்றுக்கு {price}' },
  'invoice.breakup': { en: 'Tax breakup', ta: 'வரி விவரம்' },
  'invoice.totalTax': { en: 'Total tax', ta: 'மொத்த வரி' },
  'invoice.total': { en: 'Total', ta: 'மொத்தம்' },
  'invoice.inWords': { en: 'Amount in words', ta: 'தொகை எழுத்தில்' },
  'invoice.computerMade': {
    en: 'This is a computer-generated invoice and needs no signature.',
    ta: 'இது கணினியால் உருவாக்கப்பட்ட விலைப்பட்டியல்; கையொப்பம் தேவையில்லை.',
  },
  'invoice.page': { en: 'Page {page} of {pages}', ta: 'பக்கம் {page}, மொத்தம் {pages}' },
} as const satisfies Record<string, Record<Lang, string>>;

export type MessageId = keyof typeof MESSAGES;

/** A value put into a message: text as it is, a number, an amount of money in paise, or an instant shown as a time of day. */
export type Param = string | number | { paise: number } | { time: number };
export type Params = Record<string, Param>;
/** A message to be written in the recipient's language: its id and its values. */
export type Text = readonly [MessageId, Params?];

export const LOCALES: Record<Lang, string> = { en: 'en-IN', ta: 'ta-IN' };
const TIME_ZONE = 'Asia/Kolkata';

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
const formatter = <F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F => {
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = make()));
  return f as F;
};

/** `₹1,23,456.00`, as en-IN or ta-IN write it. */
export const formatMoney = (lang: Lang, paise: number): string =>
  formatter(`money:${lang}`, () => new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'INR' })).format(
    paise / 100,
  );
/** A time of day in India, e.g. `6:30 pm`. */
export const formatTime = (lang: Lang, ms: number): string =>
  formatter(
    `time:${lang}`,
    () => new Intl.DateTimeFormat(LOCALES[lang], { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit' }),
  ).format(ms);
export const formatNumber = (lang: Lang, n: number): string =>
  formatter(`number:${lang}`, () => new Intl.NumberFormat(LOCALES[lang])).format(n);

const show = (lang: Lang, value: Param): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatNumber(lang, value);
  if ('paise' in value) return formatMoney(lang, value.paise);
  return formatTime(lang, value.time);
};

/** The message in the language, its `{placeholders}` filled. */
export const say = (lang: Lang, id: MessageId, params: Params = {}): string =>
  MESSAGES[id][lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : show(lang, params[name]),
  );

/**
 * A document's words for its reader: English, or for a Tamil reader the Tamil beside the English
 * ("Tamil / English"), as a tax invoice is written (its labels, and a deal's line).
 */
export const sayBeside = (lang: Lang, id: MessageId, params: Params = {}): string =>
  lang === 'ta' ? `${say('ta', id, params)} / ${say('en', id, params)}` : say('en', id, params);

/** `say` for a `[id, params]` pair. */
export const write = (lang: Lang, [id, params]: Text): string => say(lang, id, params);

/** Every message, for the tests that check both languages carry the same placeholders. */
export const allMessages = (): Readonly<Record<string, Record<Lang, string>>> => MESSAGES;
