/** Tamil for the money area: English text (as written in `t('…')`) → Tamil. */
export const money: Record<string, string> = {
  // ── Shared by wallet, purchase and My Deals ──
  'Checking your session…': 'உங்கள் அமர்வைச் சரிபார்க்கிறது…',
  'Confirming your payment…': 'உங்கள் பணம் செலுத்துதலை உறுதிசெய்கிறது…',
  Login: 'உள்நுழை',
  'Room {code}': 'அறை {code}',
  Purchased: 'வாங்கப்பட்டது',
  Expired: 'காலாவதியானது',
  'Opening checkout…': 'செக்அவுட் திறக்கிறது…',

  // ── /wallet: balances and top-ups ──
  Wallet: 'வாலட்',
  'Your money': 'உங்கள் பணம்',
  'Cash pays entry fees and won deals; Reward Cash is for the shop.':
    'பணம் நுழைவுக் கட்டணங்களுக்கும் வென்ற டீல்களுக்கும்; வெகுமதிப் பணம் கடைக்கு.',
  'Please log in to view your wallet.': 'உங்கள் வாலட்டைப் பார்க்க உள்நுழையுங்கள்.',
  'Cash wallet': 'பண வாலட்',
  'Pays entry fees and the price of deals you win.': 'நுழைவுக் கட்டணங்களையும் நீங்கள் வெல்லும் டீல்களின் விலையையும் செலுத்தும்.',
  'Spend it in the shop. It cannot be withdrawn or used to enter deals.':
    'கடையில் செலவிடுங்கள். இதை எடுக்கவோ டீல்களில் நுழையப் பயன்படுத்தவோ முடியாது.',
  'Held for pre-booked deals': 'முன்பதிவு செய்த டீல்களுக்காக நிறுத்திவைக்கப்பட்டது',
  'Entry fees waiting for their rooms to start or finish.': 'அறைகள் தொடங்கவோ முடியவோ காத்திருக்கும் நுழைவுக் கட்டணங்கள்.',
  'Add money': 'பணம் சேர்',
  'Choose an amount to add. You pay on a secure checkout page and come straight back here.':
    'சேர்க்க வேண்டிய தொகையைத் தேர்ந்தெடுங்கள். பாதுகாப்பான செக்அவுட் பக்கத்தில் செலுத்திவிட்டு நேராக இங்கே திரும்புவீர்கள்.',
  'Add {amount}': '{amount} சேர்',
  'Payment cancelled. No money was taken.': 'பணம் செலுத்துதல் ரத்தானது. பணம் எதுவும் எடுக்கப்படவில்லை.',
  'Payment successful. Your wallet has been updated.': 'பணம் செலுத்துதல் வெற்றி. உங்கள் வாலட் புதுப்பிக்கப்பட்டது.',
  'Payment received. Your balance will update as soon as it is confirmed.':
    'பணம் கிடைத்தது. உறுதியானதும் உங்கள் இருப்புத்தொகை புதுப்பிக்கப்படும்.',
  '⚠️ Invalid deposit amount': '⚠️ தவறான வைப்புத் தொகை',
  '❌ Failed to get payment token': '❌ பணம் செலுத்தும் டோக்கனைப் பெற முடியவில்லை',
  '❌ Something went wrong while creating order.': '❌ ஆர்டரை உருவாக்கும்போது ஏதோ தவறு நடந்தது.',

  // ── /wallet: transactions ──
  Transactions: 'பரிவர்த்தனைகள்',
  'Loading transactions...': 'பரிவர்த்தனைகள் ஏற்றுகிறது...',
  'No transactions found.': 'பரிவர்த்தனைகள் எதுவும் இல்லை.',
  Type: 'வகை',
  Room: 'அறை',
  'Payment ID': 'பணம் செலுத்தல் ID',
  Date: 'தேதி',
  '{amount} Reward Cash': '{amount} வெகுமதிப் பணம்',
  Deposit: 'வைப்பு',
  Withdrawal: 'பணம் எடுத்தல்',
  'Withdrawal returned': 'எடுத்த பணம் திரும்பியது',
  'Pre-book fee': 'முன்பதிவுக் கட்டணம்',
  Refund: 'திருப்பித் தரப்பட்டது',
  'Reward Cash credit': 'வெகுமதிப் பணம் வரவு',
  'Reward Cash spent': 'வெகுமதிப் பணம் செலவு',

  // ── /wallet: withdraw cash ──
  'Withdraw cash': 'பணம் எடு',
  'Send wallet cash to your UPI id or bank account. Reward Cash cannot be withdrawn. The amount leaves your balance at once and is paid after an admin approves it (from {min}, up to {max} a day; {left} left today).':
    'வாலட் பணத்தை உங்கள் UPI ஐடி அல்லது வங்கிக் கணக்குக்கு அனுப்புங்கள். வெகுமதிப் பணத்தை எடுக்க முடியாது. தொகை உடனே உங்கள் இருப்பிலிருந்து குறையும்; நிர்வாகி ஒப்புதல் அளித்ததும் வழங்கப்படும் (குறைந்தது {min}, நாளொன்றுக்கு {max} வரை; இன்று மீதம் {left}).',
  'Send wallet cash to your UPI id or bank account. Reward Cash cannot be withdrawn. The amount leaves your balance at once and is paid after an admin approves it.':
    'வாலட் பணத்தை உங்கள் UPI ஐடி அல்லது வங்கிக் கணக்குக்கு அனுப்புங்கள். வெகுமதிப் பணத்தை எடுக்க முடியாது. தொகை உடனே உங்கள் இருப்பிலிருந்து குறையும்; நிர்வாகி ஒப்புதல் அளித்ததும் வழங்கப்படும்.',
  'Amount (₹)': 'தொகை (₹)',
  'Pay to': 'யாருக்கு அனுப்ப',
  'Bank account': 'வங்கிக் கணக்கு',
  'UPI id': 'UPI ஐடி',
  'Account holder': 'கணக்கு வைத்திருப்பவர்',
  'Account number': 'கணக்கு எண்',
  'Sending…': 'அனுப்புகிறது…',
  'Request withdrawal': 'பணம் எடுக்கக் கோரு',
  'Could not load your withdrawals. Please reload.': 'உங்கள் பணம் எடுத்தல்களை ஏற்ற முடியவில்லை. பக்கத்தை மீண்டும் ஏற்றுங்கள்.',
  'Enter a whole number of rupees.': 'முழு ரூபாய்த் தொகையை உள்ளிடுங்கள்.',
  'Your withdrawal of {amount} is waiting for approval. The amount is held from your wallet.':
    'உங்கள் {amount} பணம் எடுத்தல் ஒப்புதலுக்குக் காத்திருக்கிறது. தொகை உங்கள் வாலட்டில் நிறுத்திவைக்கப்பட்டுள்ளது.',
  'Your request was not sent. Please try again.': 'உங்கள் கோரிக்கை அனுப்பப்படவில்லை. மீண்டும் முயற்சிக்கவும்.',
  '<strong>{amount}</strong> to {destination}': '<strong>{amount}</strong> → {destination}',
  'Reason: {reason}': 'காரணம்: {reason}',
  Pending: 'நிலுவையில்',
  'Approved, paying out': 'ஒப்புதல் அளிக்கப்பட்டது, வழங்கப்படுகிறது',
  Rejected: 'நிராகரிக்கப்பட்டது',
  'Payout failed': 'வழங்குதல் தோல்வியடைந்தது',
  'Please try again.': 'மீண்டும் முயற்சிக்கவும்.',
  'Withdrawal not found.': 'பணம் எடுத்தல் கிடைக்கவில்லை.',
  'Enter a UPI id like name@bank (letters, digits, dots or hyphens before the @).':
    'name@bank போன்ற UPI ஐடியை உள்ளிடுங்கள் (@ முன் எழுத்துகள், எண்கள், புள்ளிகள் அல்லது ஹைஃபன்கள்).',
  'The account number must be 9 to 18 digits.': 'கணக்கு எண் 9 முதல் 18 இலக்கங்கள் இருக்க வேண்டும்.',
  'Enter the 11-character IFSC, like SBIN0001234.': 'SBIN0001234 போன்ற 11 எழுத்து IFSC-ஐ உள்ளிடுங்கள்.',
  'Enter the account holder’s name as the bank has it.': 'வங்கியில் உள்ளபடி கணக்கு வைத்திருப்பவரின் பெயரை உள்ளிடுங்கள்.',
  'Insufficient wallet balance. Add money to your wallet and try again.':
    'வாலட்டில் போதிய இருப்பு இல்லை. வாலட்டில் பணம் சேர்த்து மீண்டும் முயற்சிக்கவும்.',
  'The amount must be more than ₹0.': 'தொகை ₹0-க்கு மேல் இருக்க வேண்டும்.',
  'We could not find this payment order.': 'இந்தப் பணம் செலுத்தும் ஆர்டரைக் கண்டுபிடிக்க முடியவில்லை.',

  // ── /purchase/:roomCode ──
  Purchase: 'வாங்கு',
  'Your won deal': 'நீங்கள் வென்ற டீல்',
  'Enter where to deliver it and pay the final price. Delivery is free.':
    'எங்கே டெலிவரி செய்ய வேண்டும் என உள்ளிட்டு இறுதி விலையைச் செலுத்துங்கள். டெலிவரி இலவசம்.',
  'You won it at': 'நீங்கள் வென்ற விலை',
  'Purchased on': 'வாங்கிய நேரம்',
  'Time left to purchase': 'வாங்க மீதமுள்ள நேரம்',
  'Until {time}': '{time} வரை',
  'Payment summary': 'பணம் செலுத்துதல் சுருக்கம்',
  'Deal price': 'டீல் விலை',
  'Delivery charge': 'டெலிவரி கட்டணம்',
  'Payment cancelled. You can try again while the window is open.':
    'பணம் செலுத்துதல் ரத்தானது. நேரம் முடிவதற்குள் மீண்டும் முயற்சிக்கலாம்.',
  'Payment received.': 'பணம் கிடைத்தது.',
  'Back to My Deals': 'என் டீல்களுக்குத் திரும்பு',
  'View the deal room': 'டீல் அறையைப் பார்',
  'Loading your deal…': 'உங்கள் டீல் ஏற்றுகிறது…',
  'Delivery address': 'டெலிவரி முகவரி',
  '(optional)': '(விருப்பத்துக்குரியது)',
  'Full name': 'முழுப் பெயர்',
  'Contact number': 'தொடர்பு எண்',
  Landmark: 'அடையாளக் குறி',
  Pincode: 'பின்கோடு',
  City: 'நகரம்',
  State: 'மாநிலம்',
  'Address type': 'முகவரி வகை',
  home: 'வீடு',
  work: 'அலுவலகம்',
  other: 'மற்றவை',
  Platform: 'தளம்',
  'Not specified': 'குறிப்பிடவில்லை',
  Website: 'இணையதளம்',
  'Android phone': 'ஆண்ட்ராய்டு போன்',
  iPhone: 'ஐபோன்',
  'Pay {amount}': '{amount} செலுத்து',
  'Required.': 'தேவை.',
  'Enter a 10-digit mobile number.': '10 இலக்க மொபைல் எண்ணை உள்ளிடுங்கள்.',
  'Enter the 6-digit pincode.': '6 இலக்கப் பின்கோடை உள்ளிடுங்கள்.',
  'You must be logged in': 'நீங்கள் உள்நுழைந்திருக்க வேண்டும்',
  'Room not found': 'அறை கிடைக்கவில்லை',
  'Failed to initiate payment': 'பணம் செலுத்துதலைத் தொடங்க முடியவில்லை',
  'Server error while initiating payment': 'பணம் செலுத்துதலைத் தொடங்கும்போது சர்வர் பிழை',
  'Purchase window expired': 'வாங்கும் நேரம் முடிந்துவிட்டது',
  'You have already submitted this purchase': 'இந்த வாங்குதலை ஏற்கெனவே சமர்ப்பித்துவிட்டீர்கள்',
  'You can purchase once the deal has ended.': 'டீல் முடிந்ததும் வாங்கலாம்.',
  'Only the winner of this deal can purchase it.': 'இந்த டீலின் வெற்றியாளர் மட்டுமே இதை வாங்க முடியும்.',
  'This deal ended without a winner, so there is nothing to purchase.':
    'இந்த டீல் வெற்றியாளர் இல்லாமல் முடிந்தது, எனவே வாங்க எதுவும் இல்லை.',
  'Please fill in every required field of the delivery address.':
    'டெலிவரி முகவரியின் தேவையான எல்லாப் புலங்களையும் நிரப்புங்கள்.',
  'The amount paid does not match the price of this deal.': 'செலுத்திய தொகை இந்த டீலின் விலையுடன் பொருந்தவில்லை.',

  // ── /my-deals ──
  'My Deals': 'என் டீல்கள்',
  'Your rooms': 'உங்கள் அறைகள்',
  'Every room you pre-booked: upcoming, won, lost and cancelled.':
    'நீங்கள் முன்பதிவு செய்த எல்லா அறைகளும்: வரவிருக்கும், வென்றவை, தோற்றவை, ரத்தானவை.',
  prebooked: 'முன்பதிவு',
  won: 'வென்றவை',
  lost: 'தோற்றவை',
  cancelled: 'ரத்தானவை',
  'You have no pre-booked deals': 'உங்களிடம் முன்பதிவு செய்த டீல்கள் இல்லை',
  'You have not won any deals': 'நீங்கள் இன்னும் எந்த டீலையும் வெல்லவில்லை',
  'You have not lost any deals': 'நீங்கள் எந்த டீலையும் இழக்கவில்லை',
  'No cancelled Deals': 'ரத்தான டீல்கள் இல்லை',
  Running: 'நடக்கிறது',
  'Deal Ended': 'டீல் முடிந்தது',
  Upcoming: 'வரவிருக்கும்',
  'You won at {amount}.': 'நீங்கள் {amount}-க்கு வென்றீர்கள்.',
  '<name>{winner}</name> won at {amount}.': '<name>{winner}</name> {amount}-க்கு வென்றார்.',
  'Your {amount} came back as Reward Cash.': 'உங்கள் {amount} வெகுமதிப் பணமாகத் திரும்ப வந்தது.',
  'Not enough participants.': 'போதிய பங்கேற்பாளர்கள் இல்லை.',
  'Nobody placed a deal.': 'யாரும் டீல் செய்யவில்லை.',
  'Your {amount} entry fee was refunded to cash.': 'உங்கள் {amount} நுழைவுக் கட்டணம் பணமாகத் திருப்பித் தரப்பட்டது.',
  'Purchase ({time})': 'வாங்கு ({time})',
  joined: 'சேர்ந்துள்ளனர்',
  'Starts in': 'தொடங்க இன்னும்',
  'View Only': 'பார்வை மட்டும்',
  'Loading your deals…': 'உங்கள் டீல்கள் ஏற்றுகிறது…',
  'No Deals found': 'டீல்கள் எதுவும் இல்லை',
  'Browse upcoming deals': 'வரவிருக்கும் டீல்களைப் பாருங்கள்',
  'Failed to fetch your rooms': 'உங்கள் அறைகளைப் பெற முடியவில்லை',

  // ── My Deals: what it cost you ──
  'What it cost you': 'உங்களுக்கு ஆன செலவு',
  'Entry fees paid': 'செலுத்திய நுழைவுக் கட்டணங்கள்',
  'Refunded to cash': 'பணமாகத் திருப்பித் தரப்பட்டது',
  'Turned into reward cash': 'வெகுமதிப் பணமாக மாறியது',
  'Winner’s bonuses': 'வெற்றியாளர் போனஸ்கள்',
  'Reward cash from rooms': 'அறைகளிலிருந்து வெகுமதிப் பணம்',
  'Still held in rooms': 'இன்னும் அறைகளில் நிறுத்திவைக்கப்பட்டது',
  'Items you won': 'நீங்கள் வென்ற பொருட்கள்',
  'Entry fee {amount}': 'நுழைவுக் கட்டணம் {amount}',
  'paid {amount}': 'செலுத்தியது {amount}',
  'winner’s bonus {amount}': 'வெற்றியாளர் போனஸ் {amount}',
  'so far': 'இதுவரை',
  'Not bought yet: final price {final} against a retail price of {retail}.':
    'இன்னும் வாங்கவில்லை: சில்லறை விலை {retail}, இறுதி விலை {final}.',
  'Retail price {retail}: you saved {amount}.': 'சில்லறை விலை {retail}: நீங்கள் {amount} சேமித்தீர்கள்.',
  'Retail price {retail}: it cost you {amount} more.': 'சில்லறை விலை {retail}: உங்களுக்கு {amount} அதிகம் ஆனது.',

  // ── My Deals: proofs of your deals ──
  'Proofs of your deals': 'உங்கள் டீல்களின் சான்றுகள்',
  'The server signs every deal it accepts with its place in the public log. This device keeps those signatures: if the log is ever changed, they prove what was accepted.':
    'சர்வர் ஏற்கும் ஒவ்வொரு டீலையும் பொதுப் பதிவேட்டில் அதன் இடத்துடன் கையொப்பமிடுகிறது. இந்தச் சாதனம் அந்தக் கையொப்பங்களை வைத்திருக்கும்: பதிவேடு எப்போதாவது மாற்றப்பட்டால், எது ஏற்கப்பட்டது என்பதை அவை நிரூபிக்கும்.',
  'Loading your proofs…': 'உங்கள் சான்றுகள் ஏற்றுகிறது…',
  'This browser does not keep proofs (storage is off or private).':
    'இந்த உலாவி சான்றுகளை வைத்திருக்காது (சேமிப்பு அணைக்கப்பட்டுள்ளது அல்லது தனிப்பட்ட பயன்முறை).',
  'No proofs on this device yet. Every deal you place is acknowledged by the server with a signed proof, kept here.':
    'இந்தச் சாதனத்தில் இன்னும் சான்றுகள் இல்லை. நீங்கள் செய்யும் ஒவ்வொரு டீலுக்கும் சர்வர் கையொப்பமிட்ட சான்றைத் தரும்; அது இங்கே வைக்கப்படும்.',
  'Check all against the signed log': 'அனைத்தையும் கையொப்பமிட்ட பதிவேட்டுடன் சரிபார்',
  'Download proofs': 'சான்றுகளைப் பதிவிறக்கு',
  'Deal #{seq} in room {room}': 'அறை {room}-இல் டீல் #{seq}',
  'League bid in {league}': '{league}-இல் லீக் ஏலம்',
  '{n} points': '{n} புள்ளிகள்',
  'Event {n} of the log, signed by <origin>{origin}</origin>':
    'பதிவேட்டின் நிகழ்வு {n}, கையொப்பமிட்டது <origin>{origin}</origin>',
  'Not checked yet': 'இன்னும் சரிபார்க்கவில்லை',
  'In the signed log of {n} events': '{n} நிகழ்வுகள் கொண்ட கையொப்பமிட்ட பதிவேட்டில் உள்ளது',
  'Keep this proof and contact support.': 'இந்தச் சான்றை வைத்துக்கொண்டு உதவிக் குழுவைத் தொடர்புகொள்ளுங்கள்.',
  'This acknowledgement is not signed by the log’s key.': 'இந்த ஒப்புகை பதிவேட்டின் சாவியால் கையொப்பமிடப்படவில்லை.',
  'Signed by the server; the next signed record of the log will include it.':
    'சர்வர் கையொப்பமிட்டது; பதிவேட்டின் அடுத்த கையொப்பப் பதிவில் இது சேர்க்கப்படும்.',
  'The log no longer holds this event, though the server acknowledged it.':
    'சர்வர் ஒப்புக்கொண்டிருந்தும், இந்த நிகழ்வு இப்போது பதிவேட்டில் இல்லை.',
  'The log could not be reached. Try again later.': 'பதிவேட்டை அணுக முடியவில்லை. பிறகு மீண்டும் முயற்சிக்கவும்.',
  'The log’s proof for this event does not lead to its signed root.':
    'இந்த நிகழ்வுக்கான பதிவேட்டின் சான்று அதன் கையொப்பமிட்ட வேருக்கு இட்டுச் செல்லவில்லை.',
  // Runner-up offers (My Deals, Purchase)
  '{winner} did not buy in time, so it is offered to you at your last deal, {price}, until {time}.':
    '{winner} நேரத்தில் வாங்கவில்லை, எனவே உங்கள் கடைசி டீல் விலையான {price}-க்கு இது உங்களுக்கு வழங்கப்படுகிறது; {time} வரை.',
  '{winner} did not buy in time, so it is offered to you at your last deal, {price}.':
    '{winner} நேரத்தில் வாங்கவில்லை, எனவே உங்கள் கடைசி டீல் விலையான {price}-க்கு இது உங்களுக்கு வழங்கப்படுகிறது.',
  'The winner': 'வெற்றியாளர்',
  'You won at {amount}. The purchase window closed, so the item was offered to the next member.':
    'நீங்கள் {amount}-க்கு வென்றீர்கள். வாங்கும் நேரம் முடிந்ததால், பொருள் அடுத்த உறுப்பினருக்கு வழங்கப்பட்டது.',
  'The item was offered to you as runner-up, but the purchase window closed, so it passed on.':
    'இரண்டாம் இடத்தவராக பொருள் உங்களுக்கு வழங்கப்பட்டது, ஆனால் வாங்கும் நேரம் முடிந்ததால் அடுத்தவருக்குச் சென்றது.',
  'Offer passed': 'வாய்ப்பு கடந்தது',
  'Offered to you as runner-up at your last deal,': 'இரண்டாம் இடத்தவராக உங்கள் கடைசி டீல் விலையில் உங்களுக்கு வழங்கப்படுகிறது,',
  'Offered to you': 'உங்களுக்கு வழங்கப்படுகிறது',
  'The winner did not buy in time, so this item is offered to you at your last deal. Enter where to deliver it and pay before the time runs out. Delivery is free.':
    'வெற்றியாளர் நேரத்தில் வாங்கவில்லை, எனவே இந்தப் பொருள் உங்கள் கடைசி டீல் விலையில் உங்களுக்கு வழங்கப்படுகிறது. டெலிவரி முகவரியை உள்ளிட்டு, நேரம் முடிவதற்குள் பணம் செலுத்துங்கள். டெலிவரி இலவசம்.',
};
